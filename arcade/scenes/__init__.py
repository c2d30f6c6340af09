"""The client's screens. Each is a :class:`arcade.scenes.base.Scene` run by :class:`arcade.app.App`."""
