"""cardtable: a card-game table for people in one room.

The installed import names all live under this package, so they clash with no other project:

- ``cardtable.engine``: the rules (repository folder ``engine/``)
- ``cardtable.netplay``: the LAN host, client, protocol and discovery (``netplay/``)
- ``cardtable.arcade``: the pygame-ce client (``arcade/``)
- ``cardtable.bench``: the measuring tools behind ``cardtable sim`` and ``cardtable bench`` (``bench/``)
- ``cardtable.assets``: package data (``assets/``)
- ``cardtable.cli``: the ``cardtable`` command (this folder)

pyproject.toml maps each repository folder to its name here (``[tool.setuptools] package-dir``).
"""

__version__ = "0.1.0"
