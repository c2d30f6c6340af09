"""The measuring tools behind ``cardtable sim`` and ``cardtable bench``: tournaments and benchmarks.

They print one JSON object on the last line of stdout. They import engine, netplay and arcade; nothing in
those imports them.
"""
