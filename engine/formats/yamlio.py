"""Reading YAML with positions: documents are composed by libyaml (CSafeLoader) into nodes and
converted to plain Python containers that remember the line and column of every key and item.
Only the safe YAML types are built; duplicate keys are reported instead of silently overwritten."""

from __future__ import annotations

import codecs
import gc
import os
import re
from collections.abc import Callable
from typing import Any, Protocol

import yaml

from ..model.bounds import MAX_ALIAS_CHARS, MAX_ALIASES, MAX_AREA_POINTS, MAX_FILE_BYTES, MAX_NODES
from ..validation.diagnostics import Diagnostic, Severity

try:
    from yaml import CSafeLoader as _SafeLoader
except ImportError:  # pragma: no cover - libyaml missing
    from yaml import SafeLoader as _SafeLoader  # type: ignore[assignment]


# the safe loader's own resolver (PyYAML's is untyped): (loader, node kind, text, implicit) -> tag
_resolve: Callable[[Any, type[yaml.Node], str, tuple[bool, bool]], str] = _SafeLoader.resolve


class _Loader(_SafeLoader):
    """PyYAML's safe loader, which finds the implicit tag of a plain scalar (int, float, bool, null or
    str) once per distinct text in a file: it tries the resolvers' regular expressions in Python for every
    scalar, and a map file repeats the same few values (terrain names, costs) thousands of times."""

    def __init__(self, stream: str | bytes) -> None:
        super().__init__(stream)
        self._tags: dict[tuple[str, object], str] = {}

    def resolve(self, kind: type[yaml.Node], value: str, implicit: tuple[bool, bool]) -> str:
        if kind is not yaml.ScalarNode or self.yaml_path_resolvers:
            return _resolve(self, kind, value, implicit)
        key = (value, implicit)
        tag = self._tags.get(key)
        if tag is None:
            tag = self._tags[key] = _resolve(self, kind, value, implicit)
        return tag

_STR = "tag:yaml.org,2002:str"
_INT = "tag:yaml.org,2002:int"
_FLOAT = "tag:yaml.org,2002:float"
_BOOL = "tag:yaml.org,2002:bool"
_NULL = "tag:yaml.org,2002:null"
_TRUE = frozenset(("yes", "true", "on", "y"))
_MAP = "tag:yaml.org,2002:map"
_SEQ = "tag:yaml.org,2002:seq"
_ScalarNode = yaml.ScalarNode
# an anchor (`&name`) where YAML can see one: at the start of a line or after a space or flow indicator
# ("F&M" in a title is not one); only a file with one can use aliases
_ANCHOR = re.compile(r"(?:^|[\s\[\]{},:?-])&[^\s\[\]{},]", re.M)
# standard YAML types other than the ones converted above, kept as the text written
_PLAIN_TAGS = frozenset(("tag:yaml.org,2002:timestamp", "tag:yaml.org,2002:binary", "tag:yaml.org,2002:value",
                         "tag:yaml.org,2002:yaml", "tag:yaml.org,2002:merge"))


class Numeral(int):
    """A whole number written with leading zeros ('0201'). YAML reads it as a number, but in a
    wargame file it is almost always a hex label, so it remembers the text it was written as."""

    text: str

    def __new__(cls, value: int, text: str) -> Numeral:
        obj = super().__new__(cls, value)
        obj.text = text
        return obj

    def __str__(self) -> str:
        return self.text


class YDict(dict[Any, Any]):
    """A mapping that knows where it and each of its keys stand in the file (1-based)."""

    __slots__ = ("line", "column", "marks", "value_marks")

    def __init__(self) -> None:
        super().__init__()
        self.line = 0
        self.column = 0
        self.marks: dict[Any, tuple[int, int]] = {}
        self.value_marks: dict[Any, tuple[int, int]] = {}

    def where(self, key: Any = None) -> tuple[int, int]:
        if key is not None and key in self.marks:
            return self.marks[key]
        return self.line, self.column

    def where_value(self, key: Any) -> tuple[int, int]:
        return self.value_marks.get(key) or self.where(key)


class YList(list[Any]):
    __slots__ = ("line", "column", "marks")

    def __init__(self) -> None:
        super().__init__()
        self.line = 0
        self.column = 0
        self.marks: list[tuple[int, int]] = []

    def where(self, index: int | None = None) -> tuple[int, int]:
        if index is not None and 0 <= index < len(self.marks):
            return self.marks[index]
        return self.line, self.column


class YamlReader:
    """Converts one file's nodes, collecting diagnostics for the file."""

    def __init__(self, filename: str, diagnostics: list[Diagnostic]) -> None:
        self.filename = filename
        self.diagnostics = diagnostics
        self._fallback = yaml.constructor.SafeConstructor()
        self._seen: set[int] = set()  # collection nodes converted so far (aliases point to them again)
        self._aliased: set[int] = set()
        self.count_tree = False  # the budget is counted in the composed tree (within_budget says when)

    def error(self, code: str, message: str, where: tuple[int, int] = (0, 0), **kw: Any) -> None:
        self.diagnostics.append(
            Diagnostic(code, Severity.ERROR, message, self.filename, where[0], where[1], **kw)
        )

    def warning(self, code: str, message: str, where: tuple[int, int] = (0, 0), **kw: Any) -> None:
        self.diagnostics.append(
            Diagnostic(code, Severity.WARNING, message, self.filename, where[0], where[1], **kw)
        )

    def within_budget(self, text: str) -> bool:
        """False (and reported at the line where the budget runs out) when the text is larger than a
        file may be, holds more values than the loader builds, or repeats more through aliases than a
        file may: a small file of aliases of a long text, or of `[0,0,0,...]`, would otherwise take
        hundreds of megabytes to load and to report on."""
        if len(text) > MAX_FILE_BYTES:
            line = text.count("\n", 0, MAX_FILE_BYTES) + 1
            self.error("file-too-large", f"the file is larger than a Hexwright file may be "
                       f"({MAX_FILE_BYTES // (1024 * 1024)} MB); it is cut short here", (line, 1))
            return False
        starts = value_starts(text)
        anchored = _ANCHOR.search(text) is not None
        # a point of an outline is a value of its own after a '[' or '-' and a ',' or new line: a text with
        # fewer than twice the bound of these starts cannot hold more points than an area map may
        outlines = starts >= 2 * MAX_AREA_POINTS and "polygon" in text
        if 2 * starts + 2 <= MAX_NODES and not anchored and not outlines:
            return True
        if starts + 1 <= MAX_NODES and not anchored and not outlines:
            # at most twice the budget: composed, then counted in the tree (`over_budget`), in a third of the
            # time of counting the parser's events here first (0.33 s of CPU for a map at the bound)
            self.count_tree = True
            return True
        nodes = aliases = repeated = points = 0
        anchors: dict[str, int] = {}
        # (is a mapping, the next node is a key, the last key) of each open collection; the key a
        # sequence is the value of, for each open sequence (a point is an item of a `polygon:` list)
        stack: list[list[Any]] = []
        seq_keys: list[Any] = []
        try:
            for event in yaml.parse(text, Loader=_Loader):
                if outlines:
                    if isinstance(event, (yaml.ScalarEvent, yaml.SequenceStartEvent, yaml.MappingStartEvent,
                                          yaml.AliasEvent)):
                        key = None
                        if stack:
                            top = stack[-1]
                            if top[0]:
                                if top[1] and isinstance(event, yaml.ScalarEvent):
                                    top[2] = event.value
                                key = None if top[1] else top[2]
                                top[1] = not top[1]
                            elif seq_keys and seq_keys[-1] == "polygon":
                                points += 1
                                if points > MAX_AREA_POINTS:
                                    self.error("file-too-large", f"the areas' outlines hold more than "
                                               f"{MAX_AREA_POINTS:,} points, more than an area map may; it is "
                                               "cut short here", _mark(event.start_mark))
                                    return False
                        if isinstance(event, yaml.SequenceStartEvent):
                            stack.append([False, False, None])
                            seq_keys.append(key)
                        elif isinstance(event, yaml.MappingStartEvent):
                            stack.append([True, True, None])
                    elif isinstance(event, yaml.SequenceEndEvent):
                        stack.pop()
                        seq_keys.pop()
                    elif isinstance(event, yaml.MappingEndEvent):
                        stack.pop()
                if isinstance(event, yaml.AliasEvent):
                    aliases += 1
                    repeated += anchors.get(event.anchor or "", 0)
                    if aliases > MAX_ALIASES or repeated > MAX_ALIAS_CHARS:
                        what = (f"more than {MAX_ALIASES:,} aliases (*name)" if aliases > MAX_ALIASES
                                else f"aliases (*name) repeating more than {MAX_ALIAS_CHARS:,} characters")
                        self.error("yaml-alias", f"the file uses {what}; Hexwright files never need them: "
                                   "write the values out", _mark(event.start_mark))
                        return False
                elif isinstance(event, (yaml.ScalarEvent, yaml.SequenceStartEvent, yaml.MappingStartEvent)):
                    nodes += 1
                    if isinstance(event, yaml.ScalarEvent) and event.anchor is not None:
                        anchors[event.anchor] = len(event.value)
                    if nodes > MAX_NODES:
                        self.error("file-too-large", f"the file holds more than {MAX_NODES:,} values, more than "
                                   "a Hexwright file may; it is cut short here", _mark(event.start_mark))
                        return False
        except yaml.YAMLError:
            return True  # malformed: compose() reports it at its line
        return True

    def over_budget(self, root: yaml.Node) -> bool:
        """True (and reported at the first value past the budget, where the event count would say it) when the
        composed tree holds more than MAX_NODES values: its nodes in the order they were read."""
        stack: list[yaml.Node] = [root]
        count = 0
        while stack:
            node = stack.pop()
            count += 1
            if count > MAX_NODES:
                self.error("file-too-large", f"the file holds more than {MAX_NODES:,} values, more than a Hexwright "
                           "file may; it is cut short here", _mark(node.start_mark))
                return True
            if isinstance(node, yaml.MappingNode):
                stack.extend(n for key, value in reversed(node.value) for n in (value, key))
            elif isinstance(node, yaml.SequenceNode):
                stack.extend(reversed(node.value))
        return False

    def compose(self, text: str) -> yaml.Node | None:
        try:
            return yaml.compose(text, Loader=_Loader)
        except yaml.reader.ReaderError as exc:
            # a character YAML does not allow (a control character): its position is an index in the text
            pos = max(0, min(int(exc.position), len(text)))
            char = exc.character
            number = ord(char) if isinstance(char, str) else char if isinstance(char, int) else None
            code = f"#x{number:04x}" if number is not None else repr(char)
            self.error("yaml-syntax", f"malformed YAML: the character {code} is not allowed in a YAML file "
                       "(a control character: delete it or write it escaped in a double-quoted text)",
                       text_position(text, pos))
        except yaml.MarkedYAMLError as exc:
            mark = exc.problem_mark or exc.context_mark
            line, col = (mark.line + 1, mark.column + 1) if mark else (0, 0)
            problem = exc.problem or "malformed YAML"
            context = f" ({exc.context})" if exc.context else ""
            self.error("yaml-syntax", f"malformed YAML: {problem}{context}", (line, col))
        except yaml.YAMLError as exc:
            self.error("yaml-syntax", f"malformed YAML: {exc}")
        except RecursionError:
            self.error("yaml-syntax", "malformed YAML: the document is nested too deeply")
        return None

    def _alias(self, node: yaml.Node) -> bool:
        """True (and reported) when a mapping or list node was already converted: it is reached again
        through an alias (`*name`). Expanding aliases lets a small file grow without bound ("billion
        laughs") or loop forever (`&a [*a]`), and Hexwright files never need them."""
        key = id(node)
        if key in self._seen:
            if key not in self._aliased:
                self._aliased.add(key)
                self.error("yaml-alias", "the value here is used again through an alias (*name); aliases of "
                           "mappings and lists are not supported in Hexwright files: write the value out",
                           (node.start_mark.line + 1, node.start_mark.column + 1))
            return True
        self._seen.add(key)
        return False

    def convert(self, node: yaml.Node) -> Any:
        if isinstance(node, yaml.ScalarNode):
            return self._scalar(node)
        if isinstance(node, yaml.MappingNode):
            if self._alias(node):
                return None
            if node.tag != _MAP:
                self._foreign_tag(node)
            out = YDict()
            out.line = node.start_mark.line + 1
            out.column = node.start_mark.column + 1
            marks = out.marks
            vmarks = out.value_marks
            for knode, vnode in node.value:
                kmark = (knode.start_mark.line + 1, knode.start_mark.column + 1)
                # Speed: text keys and text values (a map's 40,000 `'0103': woods` lines) are taken
                # as they stand, without the general conversion's calls and type tests.
                if type(knode) is _ScalarNode and knode.tag == _STR:
                    key = knode.value
                else:
                    if knode.tag == "tag:yaml.org,2002:merge":
                        self.error("yaml-merge", "merge keys (<<) are not supported", kmark)
                        continue
                    key = self._scalar(knode) if isinstance(knode, yaml.ScalarNode) else None
                    if key is None or isinstance(key, (list, dict)):
                        self.error("bad-key", "a mapping key must be a plain value", kmark)
                        continue
                    if isinstance(key, (int, float)) and not isinstance(key, bool):
                        key = knode.value  # keys are names or labels: keep what was written ('0103')
                if key in out:
                    first = marks[key][0]
                    self.error("duplicate-key", f"key {key!r} appears twice (first on line {first})", kmark)
                if type(vnode) is _ScalarNode and vnode.tag == _STR:
                    out[key] = vnode.value
                else:
                    out[key] = self.convert(vnode)
                marks[key] = kmark
                vmarks[key] = (vnode.start_mark.line + 1, vnode.start_mark.column + 1)
            return out
        if isinstance(node, yaml.SequenceNode):
            if self._alias(node):
                return None
            if node.tag != _SEQ:
                self._foreign_tag(node)
            seq = YList()
            seq.line = node.start_mark.line + 1
            seq.column = node.start_mark.column + 1
            for item in node.value:
                seq.append(self.convert(item))
                seq.marks.append((item.start_mark.line + 1, item.start_mark.column + 1))
            return seq
        raise TypeError(node)  # pragma: no cover

    def _foreign_tag(self, node: yaml.Node) -> None:
        """Safe loading: a tag such as `!!python/object/apply` is never acted on; the node is read as
        plain data and the tag is reported so nobody thinks it did something."""
        self.warning("yaml-tag", f"tag {node.tag!r} is ignored: Hexwright files hold plain data only",
                     (node.start_mark.line + 1, node.start_mark.column + 1))

    def _scalar(self, node: yaml.ScalarNode) -> Any:
        tag = node.tag
        v = node.value
        if tag == _STR:
            return v
        try:
            if tag == _INT:
                if len(v) > 1 and v[0] == "0" and v.isdigit():
                    return Numeral(int(v), v)
                return int(v)
            if tag == _FLOAT:
                return float(v)
        except ValueError:
            pass
        if tag == _BOOL:
            return v.lower() in _TRUE
        if tag == _NULL:
            return None
        if tag in (_INT, _FLOAT):
            return self._fallback.construct_object(node)
        # timestamps, binary and other types: keep the text as written
        if tag not in _PLAIN_TAGS:
            self._foreign_tag(node)
        return v


def value_starts(text: str) -> int:
    """Every value starts after one of these characters (or at the start); a mapping key written alone in a
    flow mapping gets an empty value too: twice their count, plus two, bounds the number of values."""
    return sum(text.count(c) for c in "\n,:-[{?")


def check_loadable(text: str, what: str = "the file") -> None:
    """Raise ValueError when a text about to be saved is larger than the loader accepts (MAX_FILE_BYTES,
    MAX_NODES): the editor can make a map denser than a file may hold, and a save that writes a file the
    loader refuses would lose it. Cheap for every file a loader takes without counting (YamlReader.
    within_budget's bound of twice the value starts); a larger text is counted value by value."""
    if len(text) > MAX_FILE_BYTES:
        raise ValueError(f"{what} would be {len(text) // (1024 * 1024)} MB, larger than a Hexwright file may be "
                         f"({MAX_FILE_BYTES // (1024 * 1024)} MB), so it could not be opened again; nothing was "
                         "written")
    if 2 * value_starts(text) + 2 <= MAX_NODES:
        return
    nodes = 0
    for event in yaml.parse(text, Loader=_Loader):
        if isinstance(event, (yaml.ScalarEvent, yaml.SequenceStartEvent, yaml.MappingStartEvent)):
            nodes += 1
    if nodes > MAX_NODES:
        raise ValueError(f"{what} would hold {nodes:,} values, more than a Hexwright file may ({MAX_NODES:,}), so it "
                         "could not be opened again; nothing was written. Fewer features, hexsides or units, or "
                         "the map split in two, bring it under")


def text_position(text: str, index: int) -> tuple[int, int]:
    """1-based (line, column) of the character at `index` of `text`."""
    line_start = text.rfind("\n", 0, index) + 1
    return text.count("\n", 0, index) + 1, index - line_start + 1


_BOMS = ((codecs.BOM_UTF32_LE, "UTF-32"), (codecs.BOM_UTF32_BE, "UTF-32"), (codecs.BOM_UTF16_LE, "UTF-16"),
         (codecs.BOM_UTF16_BE, "UTF-16"))


def decode_source(data: bytes, filename: str, diagnostics: list[Diagnostic]) -> str | None:
    """The text of a file's bytes, which must be UTF-8 (a UTF-8 byte order mark is allowed and dropped);
    None with a diagnostic at the line and column of the first byte that is not: a file saved as UTF-16
    or in a legacy code page (Latin-1 'é' is the byte 0xe9) is refused where it goes wrong."""
    for bom, name in _BOMS:
        if data.startswith(bom):
            diagnostics.append(Diagnostic(
                "encoding", Severity.ERROR, f"the file is {name} (it starts with a {name} byte order mark); Hexwright "
                "files are UTF-8: save it as UTF-8", filename, 1, 1))
            return None
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8):]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        good = data[: exc.start].decode("utf-8")
        line, column = text_position(good + "?", len(good))
        bad = data[exc.start: exc.start + 1].hex()
        diagnostics.append(Diagnostic(
            "encoding", Severity.ERROR, f"the byte 0x{bad} is not UTF-8 ({exc.reason}); Hexwright files are UTF-8: "
            "save the file as UTF-8 or retype the character", filename, line, column))
        return None


def read_source(path: str | os.PathLike[str], diagnostics: list[Diagnostic]) -> str | None:
    """The text of the file at `path` for the loader, or None with a diagnostic: a file that cannot be
    read, is larger than a Hexwright file may be, or is not UTF-8 (at the line of the first bad byte)."""
    name = os.fspath(path)
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        diagnostics.append(Diagnostic("unreadable", Severity.ERROR, f"cannot read the file: {exc}", name))
        return None
    if len(data) > MAX_FILE_BYTES:
        line = data.count(b"\n", 0, MAX_FILE_BYTES) + 1
        diagnostics.append(Diagnostic(
            "file-too-large", Severity.ERROR, f"the file is larger than a Hexwright file may be "
            f"({MAX_FILE_BYTES // (1024 * 1024)} MB); it is cut short here", name, line, 1))
        return None
    return decode_source(data, name, diagnostics)


class _Mark(Protocol):  # PyYAML's Mark, from its Python parser or libyaml's
    line: int
    column: int


def _mark(mark: _Mark | None) -> tuple[int, int]:
    return (mark.line + 1, mark.column + 1) if mark is not None else (0, 0)


def positioned(value: Any, where: tuple[int, int] = (0, 0)) -> Any:
    """`value` with every plain dict and list (as a migration may build them) turned into position-aware
    containers, placed at their parent's position. Containers read from the file keep their own."""
    if isinstance(value, YDict):
        for k, v in value.items():
            value[k] = positioned(v, value.where(k))
        return value
    if isinstance(value, YList):
        for i, v in enumerate(value):
            value[i] = positioned(v, value.where(i))
        return value
    if isinstance(value, dict):
        out = YDict()
        out.line, out.column = where
        for k, v in value.items():
            out[k] = positioned(v, where)
            out.marks[k] = where
        return out
    if isinstance(value, list):
        seq = YList()
        seq.line, seq.column = where
        for v in value:
            seq.append(positioned(v, where))
            seq.marks.append(where)
        return seq
    return value


def load_yaml(text: str, filename: str, diagnostics: list[Diagnostic]) -> tuple[Any, YamlReader]:
    """Parse text into position-aware containers, or None (with a diagnostic) when malformed."""
    reader = YamlReader(filename, diagnostics)
    # Speed: composing a 40,000-hex map allocates hundreds of thousands of nodes and marks, and every
    # collection the allocations trigger walks all of them again; pausing the cycle collector here
    # halves the load time (docs/benchmarks.md). The node tree is a tree, freed by reference counting
    # when this function returns; the rare cycle (a self-referencing alias) is collected later.
    collecting = gc.isenabled()
    gc.disable()
    try:
        if not reader.within_budget(text):
            return None, reader
        node = reader.compose(text)
        if node is None or (reader.count_tree and reader.over_budget(node)):
            return None, reader
        try:
            return reader.convert(node), reader
        except RecursionError:
            reader.error("yaml-syntax", "malformed YAML: the document is nested too deeply")
            return None, reader
    finally:
        if collecting:
            gc.enable()
