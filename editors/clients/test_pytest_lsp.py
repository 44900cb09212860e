"""The letter jump, the sort actions and keep-sorted diagnostics through standard LSP, driven by pytest-lsp's client
(pygls), with no ThumbIndex code on the client.

Run by editors/clients/run.sh, which makes a virtual environment with pytest-lsp:

    THUMBINDEX_BIN=/path/to/thumbindex python -m pytest -p no:cacheprovider \
        -o asyncio_mode=auto editors/clients/test_pytest_lsp.py

The client opens a Swedish word list (fixtures/ord.txt) with the locale sv_SE in initializationOptions, so Ö is a
letter of its own after Ä (under English it would be O), and "  ödla", line 7, indented two spaces, is the first entry
of Ö although "örn" (line 1) comes first in the file. Every wait is bounded by a deadline that fails the test.
"""

from __future__ import annotations

import asyncio
import os
import pathlib
import shutil
import subprocess
from typing import Union

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

HERE = pathlib.Path(__file__).resolve().parent
WORDS = HERE / "fixtures" / "ord.txt"
URI = WORDS.as_uri()
SERVER = os.environ.get("THUMBINDEX_BIN") or shutil.which("thumbindex") or "thumbindex"
# The server's own locale would come from LANG when initializationOptions had none: C, so only sv_SE gives Ö.
SERVER_ENV = {**os.environ, "LANG": "C", "LC_ALL": "C", "LC_COLLATE": "C"}
DEADLINE = 20.0

# Index titles with entries under sv_SE, in index order, and where each section's first entry is (line, character).
TITLES = ["A", "B", "C", "O", "Z", "Å", "Ä", "Ö"]
COUNTS = {"Ö": 3}
LANDS = {"A": (5, 0), "B": (3, 0), "C": (8, 0), "O": (2, 0), "Z": (9, 0), "Å": (6, 0), "Ä": (0, 0), "Ö": (7, 2)}

pytestmark = pytest.mark.filterwarnings("error::pytest_lsp.LspSpecificationWarning")

SORT_KIND = "source.sortEntries"
# A keep-sorted block out of order in a second document: "attrs" (line 3) sorts before "zlib"; "öl" after both.
KEEP = "Tools:\n# keep-sorted start\nzlib\nattrs\nöl\n# keep-sorted end\n"
KEEP_SORTED = "Tools:\n# keep-sorted start\nattrs\nzlib\nöl\n# keep-sorted end\n"
KEEP_URI = (HERE / "fixtures" / "keep.txt").as_uri()


def capabilities(show_document: bool | None) -> types.ClientCapabilities:
    """The smallest capabilities: with window.showDocument.support as given (None: no window capabilities)."""
    if show_document is None:
        return types.ClientCapabilities()
    return types.ClientCapabilities(window=types.WindowClientCapabilities(
        show_document=types.ShowDocumentClientCapabilities(support=show_document)))


def read_code_actions_as_the_spec_says(client: LanguageClient) -> None:
    """lsprotocol 2025.0.0 reads each item of a codeAction result that has a "command" key as a Command, so a
    CodeAction whose command is a Command object comes out as a Command whose command is that object printed as a
    string. The spec tells them apart by the type of "command" (a string in a Command); so does this hook."""
    converter = client.protocol._converter

    def action_or_command(value, _):
        kind = types.Command if isinstance(value.get("command"), str) else types.CodeAction
        return converter.structure(value, kind)

    converter.register_structure_hook(Union[types.Command, types.CodeAction], action_or_command)


async def start(client: LanguageClient, caps: types.ClientCapabilities) -> types.InitializeResult:
    read_code_actions_as_the_spec_says(client)
    result = await asyncio.wait_for(client.initialize_session(types.InitializeParams(
        capabilities=caps, initialization_options={"locale": "sv_SE"},
        workspace_folders=None, root_uri=None)), DEADLINE)
    client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(
        uri=URI, language_id="plaintext", version=1, text=WORDS.read_text(encoding="utf-8"))))
    return result


CONFIG = ClientServerConfig(server_command=[SERVER], server_env=SERVER_ENV)


@pytest_lsp.fixture(config=CONFIG, params=[True, False, None], ids=["showDocument", "no-showDocument", "no-window"])
async def client(lsp_client: LanguageClient, request):
    lsp_client.init_result = await start(lsp_client, capabilities(request.param))
    lsp_client.shows = request.param is True
    yield
    await asyncio.wait_for(lsp_client.shutdown_session(), DEADLINE)


# Capabilities recorded from real clients by pytest-lsp (its clients/ folder): whatever else they say, the server asks
# for the cursor to move exactly when window.showDocument.support is true.
RECORDED = ["neovim@v0.7.0", "neovim@v0.8.0", "neovim@v0.9.1", "neovim@v0.11.0", "emacs@v29.1",
            "visual_studio_code@v1.65.2"]


@pytest_lsp.fixture(config=CONFIG, params=RECORDED)
async def recorded(lsp_client: LanguageClient, request):
    caps = client_capabilities(request.param)
    lsp_client.init_result = await start(lsp_client, caps)
    lsp_client.shows = bool(caps.window and caps.window.show_document and caps.window.show_document.support)
    yield
    await asyncio.wait_for(lsp_client.shutdown_session(), DEADLINE)


async def code_actions(client: LanguageClient, line: int = 2, only: list[str] | None = None, uri: str = URI,
                       end: int | None = None, end_character: int = 0, diagnostics=()):
    here = types.Position(line=line, character=0)
    there = here if end is None else types.Position(line=end, character=end_character)
    return await asyncio.wait_for(client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), range=types.Range(start=here, end=there),
        context=types.CodeActionContext(diagnostics=list(diagnostics), only=only))), DEADLINE)


def jumps(actions):
    """The letter jumps of a code action list (the actions with no kind)."""
    return [a for a in actions if getattr(a, "kind", None) is None]


async def execute(client: LanguageClient, command: types.Command):
    return await asyncio.wait_for(client.workspace_execute_command_async(types.ExecuteCommandParams(
        command=command.command, arguments=command.arguments)), DEADLINE)


def field(value, name):
    """A field of a result the client left untyped (a dict, or an object with attributes)."""
    return value[name] if isinstance(value, dict) else getattr(value, name)


def start_of(location) -> tuple[int, int]:
    start = field(field(location, "range"), "start")
    return field(start, "line"), field(start, "character")


async def shown(client: LanguageClient, count: int):
    """Waits until the client has been asked to show `count` documents; fails at the deadline."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + DEADLINE
    while len(client.shown_documents) < count:
        assert loop.time() < deadline, f"no window/showDocument within {DEADLINE} s: {client.shown_documents}"
        await asyncio.sleep(0.01)
    return client.shown_documents


async def test_the_capabilities_declare_the_actions_lenses_and_command(client: LanguageClient):
    server = client.init_result.capabilities
    assert server.code_action_provider
    assert server.code_lens_provider is not None
    assert server.execute_command_provider is not None
    assert list(server.execute_command_provider.commands) == ["thumbindex.jump", "thumbindex.sortEntries"]
    assert server.code_action_provider.resolve_provider is True
    assert list(server.code_action_provider.code_action_kinds) == [SORT_KIND]


async def test_a_code_action_per_letter_with_entries(client: LanguageClient):
    actions = await code_actions(client)
    expected = [f"Go to {t} ({COUNTS.get(t, 1)} {'entry' if COUNTS.get(t, 1) == 1 else 'entries'})" for t in TITLES]
    # The sort first (its edit in the list: this client neither resolves nor applies edits), then the jumps.
    assert [a.title for a in actions] == ["Sort entries (sv_SE)"] + expected
    assert actions[0].kind == SORT_KIND and actions[0].edit is not None
    actions = jumps(actions)
    for action, title in zip(actions, TITLES):
        assert isinstance(action, types.CodeAction), action
        assert action.command.command == "thumbindex.jump"
        assert action.command.title == title
        assert action.edit is None, "a jump edits nothing"


async def test_the_same_commands_as_lenses_on_the_first_line(client: LanguageClient):
    actions = jumps(await code_actions(client, line=7))
    lenses = await asyncio.wait_for(client.text_document_code_lens_async(types.CodeLensParams(
        text_document=types.TextDocumentIdentifier(uri=URI))), DEADLINE)
    assert [lens.command.title for lens in lenses] == TITLES
    top = types.Range(start=types.Position(line=0, character=0), end=types.Position(line=0, character=0))
    assert all(lens.range == top for lens in lenses)
    assert [lens.command for lens in lenses] == [a.command for a in actions]


async def test_each_command_lands_on_its_first_entry_and_moves_the_cursor_when_the_client_can(client: LanguageClient):
    actions = jumps(await code_actions(client))
    for count, action in enumerate(actions, start=1):
        title = action.command.title
        landed = await execute(client, action.command)
        assert field(landed, "uri") == URI
        assert start_of(landed) == LANDS[title], title
        # The same place as the plugin request thumbindex/jump.
        jump = await asyncio.wait_for(client.protocol.send_request_async(
            "thumbindex/jump", {"textDocument": {"uri": URI}, "indexTitle": title}), DEADLINE)
        assert start_of(field(jump, "location")) == LANDS[title], title
        if client.shows:
            documents = await shown(client, count)
            assert len(documents) == count, documents
            last = documents[-1]
            assert last.uri == URI
            assert last.take_focus is True
            line, character = LANDS[title]
            at = types.Position(line=line, character=character)
            assert last.selection == types.Range(start=at, end=at), f"{title}: a zero-width selection at the name"
    if not client.shows:
        # The server writes a showDocument before the command's answer: one more round trip after the last answer
        # shows that none came.
        await code_actions(client)
        assert client.shown_documents == []


async def test_an_unknown_command_is_refused(client: LanguageClient):
    with pytest.raises(Exception) as raised:
        await execute(client, types.Command(title="x", command="rm -rf", arguments=[]))
    assert "not a command of thumbindex" in str(raised.value)
    await code_actions(client)
    assert client.shown_documents == []


async def test_recorded_clients_are_asked_to_move_the_cursor_exactly_when_they_can(recorded: LanguageClient):
    actions = jumps(await code_actions(recorded))
    to_o = next(a for a in actions if a.command.title == "Ö")
    landed = await execute(recorded, to_o.command)
    assert start_of(landed) == (7, 2)
    if recorded.shows:
        documents = await shown(recorded, 1)
        assert documents[0].selection.start == types.Position(line=7, character=2)
    else:
        await code_actions(recorded)
        assert recorded.shown_documents == []


# --- Sorting a document's entries, and keep-sorted blocks -------------------------------------------------------------

def sort_capabilities(how: str) -> types.ClientCapabilities:
    """A client that resolves a code action's edit, one that applies the edits the server sends, or one that does
    neither (the server then puts the edit in the list)."""
    if how == "resolve":
        return types.ClientCapabilities(text_document=types.TextDocumentClientCapabilities(
            code_action=types.CodeActionClientCapabilities(
                data_support=True, resolve_support=types.ClientCodeActionResolveOptions(properties=["edit"]))))
    if how == "applyEdit":
        return types.ClientCapabilities(workspace=types.WorkspaceClientCapabilities(apply_edit=True))
    return types.ClientCapabilities()


@pytest_lsp.fixture(config=CONFIG, params=["resolve", "applyEdit", "inline"])
async def sorter(lsp_client: LanguageClient, request):
    lsp_client.applied = []

    @lsp_client.feature(types.WORKSPACE_APPLY_EDIT)
    def apply_edit(params: types.ApplyWorkspaceEditParams):
        lsp_client.applied.append(params)
        return types.ApplyWorkspaceEditResult(applied=True)

    lsp_client.init_result = await start(lsp_client, sort_capabilities(request.param))
    lsp_client.how = request.param
    yield
    await asyncio.wait_for(lsp_client.shutdown_session(), DEADLINE)


def offset(text: str, position: types.Position) -> int:
    """The index in `text` of an LSP position (UTF-16 code units, the server's default encoding)."""
    lines = text.split("\n")
    start = sum(len(line) + 1 for line in lines[:position.line])
    line, units, index = lines[position.line] if position.line < len(lines) else "", 0, 0
    while index < len(line) and units < position.character:
        units += 2 if ord(line[index]) > 0xFFFF else 1
        index += 1
    return start + index


def apply(text: str, edit: types.WorkspaceEdit, uri: str) -> str:
    """`text` with the TextEdits of `edit` for `uri` made, as an editor makes them (from the last to the first)."""
    assert edit.document_changes is None, "the server sends changes"
    assert set(edit.changes or {}) <= {uri}, edit
    for text_edit in sorted((edit.changes or {}).get(uri, []), key=lambda e: offset(text, e.range.start),
                            reverse=True):
        text = text[:offset(text, text_edit.range.start)] + text_edit.new_text + text[offset(text, text_edit.range.end):]
    return text


def sorted_by_the_command_line(path: pathlib.Path) -> str:
    done = subprocess.run([SERVER, "sort", "--entries", "-l", "sv_SE", str(path)], capture_output=True, env=SERVER_ENV,
                          timeout=DEADLINE, check=True)
    return done.stdout.decode("utf-8")


async def edit_of(client: LanguageClient, action) -> types.WorkspaceEdit:
    """The edit of a sort action, the way this client gets it."""
    if client.how == "resolve":
        assert action.edit is None and action.command is None and action.data is not None, action
        resolved = await asyncio.wait_for(client.code_action_resolve_async(action), DEADLINE)
        assert resolved.title == action.title
        return resolved.edit
    if client.how == "applyEdit":
        assert action.edit is None and action.command.command == "thumbindex.sortEntries", action
        assert await execute(client, action.command) is None
        loop = asyncio.get_running_loop()
        deadline = loop.time() + DEADLINE
        while not client.applied:
            assert loop.time() < deadline, f"no workspace/applyEdit within {DEADLINE} s"
            await asyncio.sleep(0.01)
        assert client.applied[0].label == "Sort entries"
        return client.applied[0].edit
    assert action.edit is not None and action.command is None, action
    return action.edit


async def test_the_sort_action_edits_the_text_as_thumbindex_sort_entries_does(sorter: LanguageClient):
    actions = await code_actions(sorter, only=[SORT_KIND])
    assert [(a.title, a.kind) for a in actions] == [("Sort entries (sv_SE)", SORT_KIND)], actions
    text = WORDS.read_text(encoding="utf-8")
    wanted = sorted_by_the_command_line(WORDS)
    assert wanted.splitlines()[-3:] == ["  ödla", "öga", "örn"], wanted
    assert apply(text, await edit_of(sorter, actions[0]), URI) == wanted


async def test_a_selection_gets_the_sort_of_the_entries_it_touches(sorter: LanguageClient):
    # The range 1:0-3:5 touches "örn", "ost" and "björk" (lines 1-3): those three sort, the rest stays.
    actions = await code_actions(sorter, line=1, end=3, end_character=5, only=[SORT_KIND])
    assert [a.title for a in actions] == ["Sort entries (sv_SE)", "Sort the selected entries"]
    text = WORDS.read_text(encoding="utf-8")
    before = text.splitlines()
    assert before[1:4] == ["örn", "ost", "björk"], before
    lines = apply(text, await edit_of(sorter, actions[1]), URI).splitlines()
    assert lines == before[:1] + ["björk", "ost", "örn"] + before[4:], lines


async def test_only_source_gives_the_sorts_and_no_jump(client: LanguageClient):
    actions = await code_actions(client, only=["source"])
    assert [a.kind for a in actions] == [SORT_KIND]


async def diagnostics_of(client: LanguageClient, uri: str, count: int):
    """Waits until the last diagnostics published for `uri` are `count`; fails at the deadline."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + DEADLINE
    while uri not in client.diagnostics or len(client.diagnostics[uri]) != count:
        assert loop.time() < deadline, f"no {count} diagnostics for {uri} within {DEADLINE} s: {client.diagnostics}"
        await asyncio.sleep(0.01)
    return client.diagnostics[uri]


async def test_a_keep_sorted_block_out_of_order_gets_a_warning_and_a_quick_fix(client: LanguageClient):
    client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(
        uri=KEEP_URI, language_id="plaintext", version=1, text=KEEP)))
    [diagnostic] = await diagnostics_of(client, KEEP_URI, 1)
    assert (diagnostic.code, diagnostic.source, diagnostic.severity) == \
        ("keep-sorted", "thumbindex", types.DiagnosticSeverity.Warning)
    assert diagnostic.range.start.line == 3 and "attrs" in diagnostic.message, diagnostic
    actions = await code_actions(client, line=3, uri=KEEP_URI, only=["quickfix"], diagnostics=[diagnostic])
    assert [(a.title, a.kind) for a in actions] == [("Sort this keep-sorted block (sv_SE)", "quickfix")], actions
    text = apply(KEEP, actions[0].edit, KEEP_URI)
    assert text == KEEP_SORTED
    # The edit made: the warning goes (an empty list is published).
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=KEEP_URI, version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)]))
    await diagnostics_of(client, KEEP_URI, 0)
