import sys

from arcade.cli import main

sys.exit(main())
