"""Rule systems. Each package here referees one game; `sprawl` is the first.

A save file's `system:` names the package that plays it, so Gunplay,
Street-Fight, Savage Worlds or Scratch:Grid can later sit beside SPRAWL.
"""

SYSTEMS = ("sprawl",)
