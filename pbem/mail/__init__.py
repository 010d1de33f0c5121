"""Mail for the play-by-email moderator: reading incoming letters and sending replies."""
