"""The steps rounds are built from (see pbem.engine.step): each owns its kinds of action."""
