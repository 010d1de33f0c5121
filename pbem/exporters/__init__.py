"""Exporters: our games in other formats."""
