"""Package data: theme, fonts, card art and sounds (found relative to this file)."""
