"""Scenarios (a house feature, for every system): objectives, victory points and the end they
decide. docs/scenarios.md describes the file.

A scenario file is read and checked strictly (`file.read_scenario`: file, line and key), then
checked against the game `new` made (`file.start`: its sides, figures and map). What happens at
the table are pure changes of the game: `take`, `drop`, `hold`, `reach`, `destroy` (the
`objective` commands, `objectives.py`), `after_change` (after every command: an item falls with
its carrier, a figure to take out is out, and on a map who holds and who reached what),
`round_ended` (`next`: what scores at the end of a round, and the round limit) and `settle` (the
end of the game: what scores then, and who won on points), all three in `scoring.py`. What
`status`, the log and the books say of it is `words.py`. A system says what "out of the game"
means and where its figures stand through its hooks (`System.out_of_game`, `leave_game`,
`on_spaces`...).
"""
