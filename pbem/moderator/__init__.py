"""The moderator: games at the table (file + state), and later the mail loop around them."""
