"""The host's own settings for a table (not the game's options)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class HostConfig:
    """Table settings that are the host's, not the game's."""

    name: str = "cardtable"
    pin: str | None = None
    bot_speed: float = 1.0  # multiplies every bot delay; 0 = bots at full speed
    turn_timer: float = 0.0  # seconds a person may take in a turn game; 0 = off
    takeover: float = 30.0  # seconds away before a bot plays a dropped player's seat
    takeover_level: str = "normal"
    fill_level: str = "normal"  # bots for seats still open at start
    auto_start: bool = False  # start as soon as no seat is open
    race_margin: float = 0.015  # jitter allowance over the LAN
    local_margin: float = 0.002  # when every seated connection is over loopback
    max_hold: float = 0.1
    max_clamp_rtt: float = 0.25  # back-dating never reaches further than this round trip (+ margin)
    rate: float = 300.0  # messages per second per connection
    burst: float = 600.0
    byte_rate: float = 256 * 1024  # bytes per second per connection (per seat for couch clients)
    byte_burst: float = 1 << 20  # one message of the largest size the decoder takes
    max_held: int = 64
    max_connections: int = 64
    pin_tries: int = 5  # wrong PINs from one address before it is refused for a while
    pin_lockout: float = 30.0  # seconds
    ping_interval: float = 0.5
    max_buffered: int = 4 << 20
    hello_timeout: float = 10.0  # seconds from connecting to a complete hello
    silence: float = 15.0  # seconds without a byte (pings are answered) before a connection counts as gone
    hash_every: int = 8  # log the state hash every n actions (hashing costs more than the rest of a step)
