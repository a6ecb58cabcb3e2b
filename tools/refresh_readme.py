"""Re-run the walkthroughs of the README and docs/sprawl.md (SPRAWL's round) and write what
each command prints back into them.

Run after changing a view: `python tools/refresh_readme.py`, then read the diff.
tests/test_readme.py and tests/sprawl/test_docs.py fail until the pages show what the program prints.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from click.testing import CliRunner  # noqa: E402

from sprawl_cli.cli.main import cli  # noqa: E402
from sprawl_cli.context import Env  # noqa: E402


def main() -> int:
    for page in (ROOT / "README.md", ROOT / "docs" / "sprawl.md"):
        refresh(page)
    return 0


def refresh(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    runner = CliRunner()
    environ = {k: v for k, v in os.environ.items() if not k.startswith("SPRAWL_")}
    environ["NO_COLOR"] = "1"
    os.environ["COLUMNS"] = "100"
    os.environ["NO_COLOR"] = "1"
    with tempfile.TemporaryDirectory() as folder:
        shutil.copytree(ROOT / "rosters", Path(folder) / "rosters")
        os.chdir(folder)

        def rerun(match: re.Match[str]) -> str:
            body = match.group(1)
            out = []
            for chunk in re.split(r"^\$ ", body, flags=re.M)[1:]:
                command = chunk.partition("\n")[0].strip()
                result = runner.invoke(cli, shlex.split(command)[1:], obj=Env(interactive=False, environ=environ))
                shown = result.stdout if result.exit_code == 0 else result.stderr
                out.append(f"$ {command}\n" + "\n".join(line.rstrip() for line in shown.rstrip().splitlines()))
            return "```console\n" + "\n\n".join(out) + "\n```"

        text = re.sub(r"```console\n(.*?)```", rerun, text, flags=re.S)
    page.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    raise SystemExit(main())
