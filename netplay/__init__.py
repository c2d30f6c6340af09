"""LAN play: the host that referees a table, the client, the wire protocol, discovery, table logs.

Imports engine, never arcade.
"""
