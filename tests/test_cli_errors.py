"""A person's mistake or a Ctrl-C ends a command with one sentence and a non-zero status, never a
traceback (issue 50): each command is run as a person runs it, in its own process."""

from __future__ import annotations

import contextlib
import os
import pty
import random
import re
import select
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from vaza.core import Deal, DealRecord
from vaza.core.deal import Board
from vaza.formats import pbn

SRC = Path(__file__).resolve().parent.parent / "src"
ENV = {**os.environ, "PYTHONPATH": str(SRC), "PYTHONUNBUFFERED": "1", "LANG": "C.UTF-8"}
ENV.pop("VAZA_LANG", None)
ENV.pop("LANGUAGE", None)
ENV.pop("LC_ALL", None)


def vaza(*argv: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "vaza.cli", *argv],
        input=stdin,
        capture_output=True,
        text=True,
        env=ENV,
        timeout=120,
        check=False,
    )


def one_sentence(done: subprocess.CompletedProcess[str], command: str) -> str:
    """The one line a refused command wrote on stderr (nothing on stdout, no traceback)."""
    assert done.returncode != 0
    assert "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith(f"vaza {command}: ")
    return lines[0]


@pytest.fixture
def taken_port() -> Iterator[int]:
    """A port something on this machine listens on."""
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        yield server.getsockname()[1]


@pytest.mark.parametrize("command", ["bluechip-tm", "serve"])
def test_a_port_out_of_range_or_in_use(command: str, taken_port: int, tmp_path: Path) -> None:
    done = vaza(command, "--port", "99999")
    assert done.returncode == 2
    assert "the port must be a number from 1 to 65535, not 99999" in one_sentence(done, command)
    extra = ["--data-dir", str(tmp_path)] if command == "serve" else []
    done = vaza(command, "--port", str(taken_port), *extra)
    assert done.returncode == 1 and done.stdout == ""
    line = one_sentence(done, command)
    assert line.endswith(f"cannot listen on 127.0.0.1:{taken_port}: the port is in use.")


def test_bluechip_files_are_checked_before_anyone_is_served(tmp_path: Path) -> None:
    missing = tmp_path / "boards.pbn"
    done = vaza("bluechip-tm", "--pbn", str(missing))
    assert one_sentence(done, "bluechip-tm").endswith(f"{missing}: no such file.")
    out = tmp_path / "no-such-folder" / "results.pbn"
    done = vaza("bluechip-tm", "--seed", "1", "--out", str(out))
    assert done.stdout == ""  # refused before it listens
    assert one_sentence(done, "bluechip-tm").endswith(
        f"cannot write {out}: the folder {out.parent} does not exist."
    )


def test_bluechip_takes_the_deals_of_games_whose_play_is_unreadable(tmp_path: Path) -> None:
    """The table manager needs only the deals: a game whose Play cannot be read gives its deal."""
    from vaza.robots.bluechip.session import session_boards

    rng = random.Random(3)
    deals = [Deal.random(rng) for _ in range(2)]
    text = pbn.dumps(
        [DealRecord(Board.numbered(number, deal)) for number, deal in enumerate(deals, 1)]
    )
    text = text.replace('[Result ""]', '[Result ""]\r\n[Play "E"]\r\nZZ XX', 1)
    path = tmp_path / "archive.pbn"
    path.write_text(text)
    boards = session_boards(2, pbn=path)
    assert [board.deal for board in boards] == deals


def test_score_refuses_the_contract_first_in_the_chosen_language() -> None:
    done = vaza("score", "8NT")
    assert one_sentence(done, "score") == (
        "vaza score: '8NT' is not a contract: write a level 1 to 7 and a strain, like 4S, 3NTX"
        " or 6HXX."
    )
    done = vaza("score", "8NT", "--lang", "pt-BR")
    assert "'8NT' não é um contrato" in one_sentence(done, "score")
    done = vaza("score", "4S", "--lang", "pt-BR")
    assert "informe --by, --tricks, --vul" in one_sentence(done, "score")


@pytest.mark.parametrize("command", ["deal", "pad", "score"])
def test_lang_takes_only_the_languages_there_are(command: str) -> None:
    done = vaza(command, "4S" if command == "score" else "--seed=1", "--lang", "klingon")
    assert done.returncode == 2
    assert "there is no language 'klingon': choose en, pt-BR" in one_sentence(done, command)
    assert vaza("deal", "--seed", "1", "--lang", "pt_BR").stdout.startswith("Mão 1")


def test_the_options_are_refused_in_the_language_chosen_after_them() -> None:
    done = vaza("deal", "--board", "0", "--lang", "pt-BR")
    assert one_sentence(done, "deal") == (
        "vaza deal: argumento --board: as mãos são numeradas a partir de 1 (veja vaza deal --help)"
    )
    done = vaza("deal", "--board", "0")
    assert one_sentence(done, "deal").endswith("board numbers start at 1 (see vaza deal --help)")


def test_argparse_refusals_read_in_the_chosen_language() -> None:
    """argparse's own wording (a choice not offered, an option it does not know) is read from
    the catalogue too."""
    done = vaza("pad", "--system", "foo", "--lang", "pt-BR")
    assert one_sentence(done, "pad").startswith(
        "vaza pad: argumento --system: opção inválida: 'foo' (escolha entre 'rubber'"
    )
    done = vaza("deal", "--zzz", "--lang", "pt-BR")
    assert done.stderr.strip() == "vaza: argumentos não reconhecidos: --zzz (veja vaza --help)"
    done = vaza("pad", "--system", "foo")
    assert "argument --system: invalid choice: 'foo' (choose from 'rubber'" in done.stderr


def test_play_checks_where_it_writes_before_playing(tmp_path: Path) -> None:
    out = tmp_path / "missing" / "match.lin"
    done = vaza("play", "--seed", "1", "--lin", str(out))
    assert done.stdout == ""
    assert one_sentence(done, "play").endswith(f"the folder {out.parent} does not exist")


def test_analyze_of_a_missing_file() -> None:
    done = vaza("analyze", "no-such-file.pbn")
    assert one_sentence(done, "analyze").startswith("vaza analyze: no-such-file.pbn: no such file")


def _interrupted(argv: list[str], ready: str, tty_stdin: bool) -> tuple[int, str]:
    """Run `vaza ARGV` with its output (and with `tty_stdin` its input) on a terminal, press
    Ctrl-C once `ready` is shown (`ready` is a regular expression), and return its status and
    everything it wrote."""
    master, slave = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "vaza.cli", *argv],
        stdin=slave if tty_stdin else subprocess.PIPE,
        stdout=slave,
        stderr=slave,
        env=ENV,
        start_new_session=not tty_stdin,  # its own process group, as a foreground job
    )
    os.close(slave)

    def press() -> None:
        if tty_stdin:  # one process, reading the terminal
            process.send_signal(signal.SIGINT)
        else:  # as Ctrl-C: to every process of the job (the solver's workers too)
            os.killpg(process.pid, signal.SIGINT)

    seen = b""
    presses = 0
    quiet = 0
    while quiet < 120:
        readable, _, _ = select.select([master], [], [], 1)
        if not readable:
            quiet += 1
            if presses and process.poll() is None:
                press()  # a signal that came before a read began waits: press again
                presses += 1
            continue
        quiet = 0
        try:
            chunk = os.read(master, 4096)
        except OSError:  # the terminal closed: the process ended
            break
        if not chunk:
            break
        seen += chunk
        if not presses and re.search(ready.encode(), seen):
            press()
            presses += 1
    else:
        process.kill()
        raise AssertionError(f"no end: {seen!r}")
    os.close(master)
    return process.wait(timeout=60), seen.decode(errors="replace")


def test_ctrl_c_in_pad_on_a_terminal_after_its_prompt() -> None:
    status, seen = _interrupted(["pad"], "deal> ", tty_stdin=True)
    assert "Type one deal a line, like 4S N 10" in seen
    assert status == 130 and "Traceback" not in seen
    assert seen.rstrip().endswith("vaza pad: stopped (Ctrl-C).")


def test_ctrl_c_in_demo() -> None:
    status, seen = _interrupted(["demo", "--seed", "2", "--robots", "strong"], "Board 1", False)
    assert status == 130 and "Traceback" not in seen
    assert seen.rstrip().endswith("vaza demo: stopped (Ctrl-C).")


def test_ctrl_c_in_analyze(tmp_path: Path) -> None:
    rng = random.Random(9)
    records = [DealRecord(Board.random(number, rng)) for number in range(1, 200)]
    path = tmp_path / "long.pbn"
    path.write_text(pbn.dumps(records))
    status, seen = _interrupted(["analyze", str(path), "--jobs", "1"], "analyze", False)
    assert status == 130 and "Traceback" not in seen
    assert seen.rstrip().endswith("vaza analyze: stopped (Ctrl-C).")
    # With worker processes, which the Ctrl-C reaches too, once deals are being solved.
    ready = r" +[1-9][0-9]*/199"
    status, seen = _interrupted(["analyze", str(path), "--jobs", "2"], ready, False)
    assert status == 130 and "Traceback" not in seen
    assert seen.rstrip().endswith("vaza analyze: stopped (Ctrl-C).")


def test_pad_on_a_terminal_prompts_for_each_deal_and_ends_at_ctrl_d() -> None:
    master, slave = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "vaza.cli", "pad"], stdin=slave, stdout=slave, stderr=slave, env=ENV
    )
    os.close(slave)
    seen = b""

    def read_until(marker: bytes, count: int = 1) -> None:
        nonlocal seen
        while seen.count(marker) < count:
            readable, _, _ = select.select([master], [], [], 120)
            assert readable, seen
            seen += os.read(master, 4096)

    read_until(b"deal> ")
    os.write(master, b"4S N 10\n")
    read_until(b"deal> ", 2)
    os.write(master, b"\x04")  # Ctrl-D: the end of the input
    assert process.wait(timeout=60) == 0
    with contextlib.suppress(OSError):
        while chunk := os.read(master, 4096):
            seen += chunk
    os.close(master)
    text = seen.decode(errors="replace")
    assert "Type one deal a line" in text and "Traceback" not in text
    assert "deal> 4S N 10" in text  # the prompt, then what was typed (echoed)
    assert text.rstrip().endswith("We win by 420.")  # Ctrl-D: the unfinished rubber scored
