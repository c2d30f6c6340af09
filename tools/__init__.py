"""Tools: benchmarks, tournaments and generators (run as ``python -m tools.<name>``)."""
