"""The save file's rooms, one job each; `sprawl_cli.store.GameStore` puts them together.

- `atomic.py`: a file replaced whole or not at all, and the temp files a kill leaves;
- `lock.py`: the lock and the queue of commands waiting for it;
- `data.py`: the game as plain data and back, migrations and the kernel's checks;
- `cache.py`: the parsed data kept in memory and, signed, beside the save;
- `journal.py`: one entry per change, companion files, history;
- `undo.py`: undo and redo.
"""
