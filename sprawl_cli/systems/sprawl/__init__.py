"""SPRAWL's rules, one module per chapter of the rule text, each handed its dice."""
