"""LAN play: the host that referees a table, the client, the wire protocol, trust, discovery, table logs.

Imports engine, never arcade. The protocol, message by message, is docs/PROTOCOL.md.

- ``protocol``: msgpack framing with limits (:class:`~netplay.protocol.Decoder`), names, constants.
- ``host``: :class:`~netplay.host.Host` (asyncio) and :func:`~netplay.host.start_local_table`, the
  embedded host of local play on a background thread (``.port``, ``.advertise()``, ``.stop()``).
- ``client``: :class:`~netplay.client.AsyncClient`, the client, and :class:`~netplay.client.NetClient`,
  the same core on a thread for the pygame loop (``start()``, ``poll()``, ``send_action()``, ``send()``,
  ``close()``).
- ``identity``: the host's long-term key (made once, kept 0600) and the fingerprint people compare.
- ``handshake``: the handshake that proves the host's key and, with a PIN, runs SPAKE2; the sealed
  (ChaCha20-Poly1305) frames every connection uses after it.
- ``seatstore``: the seat tokens a client keeps, each with the key of the table it came from.
- ``discovery``: zeroconf advertiser and browsers (``_cardtable._tcp.local.``); adverts of one table
  id with different keys are one conflict row (``listings``).
- ``tablelog``: crash-safe table logs, replay and verification.
- ``botclient``, ``commands``, ``bench``, ``race``, ``latency``: bot clients, the ``cardtable``
  subcommands, ``cardtable bench net``, fair-race measurement and a delaying TCP relay.
"""
