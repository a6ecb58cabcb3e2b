"""Re-run the README's walkthrough and write what each command prints back into it.

Run after changing a view: `python tools/refresh_readme.py`, then read the diff.
tests/test_readme.py fails until the README shows what the program prints.
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
    readme = ROOT / "README.md"
    text = readme.read_text(encoding="utf-8")
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
    readme.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
