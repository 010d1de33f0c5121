"""Replaying and auditing game records move by move."""
