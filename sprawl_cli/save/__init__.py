"""The save file's rooms, one job each; `sprawl_cli.store.GameStore` puts them together.

- `atomic.py`: a file replaced whole or not at all, and the temp files a kill leaves;
- `lock.py`: the lock and the queue of commands waiting for it;
- `data.py`: the game as plain data and back, migrations and the kernel's checks;
- `cache.py`: the parsed data kept in memory and, signed, beside the save;
- `reader.py`: the save's files named, its game loaded and its journal read, and nothing that
  writes (what `status`, `log`, the live page and completion use);
- `journal.py`: one entry per change, companion files, written as one step of the log;
- `wal.py` and `walrecord.py`: the write-ahead log, one synced record a change, settled after a
  killed command and replayed after a crash of the machine;
- `undo.py`: undo and redo.
"""
