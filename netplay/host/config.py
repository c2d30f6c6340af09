"""The host's own settings for a table (not the game's options)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class HostConfig:
    """Table settings that are the host's, not the game's."""

    name: str = "cardtable"
    pin: str | None = None
    bot_speed: float = 1.0  # multiplies every bot delay; 0 = bots at full speed
    # the turn clock: seconds a person may hold the game up (their turn; in a real-time game, while
    # nothing moves) before their seat's bot plays and they are marked away; 0 = none (docs/PROTOCOL.md)
    turn_clock: float = 60.0
    open_seats: bool = False  # a spectator may take a free seat mid-game without the owner's yes
    takeover: float = 30.0  # seconds away before a bot plays a dropped player's seat
    takeover_level: str = "normal"
    fill_level: str = "normal"  # bots for seats still open at start
    auto_start: bool = False  # start as soon as no seat is open
    hints: bool = False  # players may ask for the hard bot's suggestion (the Hint button); the owner decides in the lobby
    race_margin: float = 0.015  # jitter allowance over the LAN
    local_margin: float = 0.002  # when every seated connection is over loopback
    max_hold: float = 0.1
    max_clamp_rtt: float = 0.25  # back-dating never reaches further than this round trip (+ margin)
    rate: float = 300.0  # messages per second per connection
    burst: float = 600.0
    byte_rate: float = 64 * 1024  # bytes per second per connection (per seat for couch clients)
    byte_burst: float = 256 * 1024
    max_held: int = 64
    # per source address, across its connections and reconnects (docs/PROTOCOL.md, "Limits")
    address_rate: float = 600.0
    address_burst: float = 1200.0
    address_byte_rate: float = 128 * 1024
    address_byte_burst: float = 512 * 1024
    address_connect_rate: float = 4.0  # new connections per second
    address_connect_burst: float = 16.0
    accept_rate: float = 20.0  # new connections the table takes per second, from every address together
    accept_burst: float = 40.0  # (more wait in the system's accept queue, unread)
    accept_backlog: int = 128  # that queue's length
    max_per_address: int = 12  # open connections
    # slots: connections that have not said hello, spectators; seated players are bounded by the seats
    max_pending: int = 256  # cheap to hold (nothing is sent to them), so plenty: a flood must outnumber them
    max_pending_per_address: int = 4
    max_spectators: int = 32
    max_hello_bytes: int = 4096  # bytes a connection may send before it is welcomed
    hello_timeout: float = 5.0  # seconds from connecting to a complete hello
    # the PIN (netplay/host/pins.py): per address, pin_free_tries tries, then each wrong PIN makes the
    # address wait before its next try, from pin_backoff seconds doubling up to pin_lock (locked);
    # forgotten after pin_forget quiet seconds. Per table, from all addresses together: pin_table_burst
    # wrong PINs, then one more every pin_table_every seconds; a try over that waits its turn (at most
    # pin_wait_max seconds) and the owner may let a waiting person in. pin_watch: the owner's lobby counts
    # the wrong PINs of that many seconds
    pin_free_tries: int = 3
    pin_backoff: float = 2.0
    pin_lock: float = 3600.0
    pin_forget: float = 86400.0
    pin_table_burst: float = 12.0
    pin_table_every: float = 120.0
    pin_wait_max: float = 600.0
    pin_watch: float = 900.0
    # chat: each address sends chat_sender_rate lines/s (bursts of chat_sender_burst), the table relays
    # at most chat_rate lines/s; a sender over its rate is muted for chat_mute seconds and closed if it
    # sends chat_flood more lines while muted
    chat_rate: float = 5.0
    chat_burst: float = 10.0
    chat_sender_rate: float = 1.0
    chat_sender_burst: float = 5.0
    chat_mute: float = 30.0
    chat_flood: int = 20
    lobby_interval: float = 0.25  # spectators coming and going are announced at most this often
    ping_interval: float = 0.5
    # sending: a peer with more than send_high_water bytes unsent for send_deadline seconds, or more than
    # max_buffered at any time, is cut off (transport.abort()); all connections together keep at most
    # max_table_buffered unsent (the largest go first)
    send_high_water: int = 256 * 1024
    send_deadline: float = 10.0
    max_buffered: int = 1 << 20
    max_table_buffered: int = 16 << 20
    socket_send_buffer: int = 128 * 1024  # SO_SNDBUF of each accepted connection (0: the system's)
    silence: float = 15.0  # seconds without a byte (pings are answered) before a connection counts as gone
    hash_every: int = 8  # log the state hash every n actions (hashing costs more than the rest of a step)
