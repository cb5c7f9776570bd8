#!/usr/bin/env python3
"""A dependency-free external chunker for chunkgate (strategy: external).

chunkgate runs this without a shell, writes {"path": ..., "markdown": ...} (JSON) to stdin,
and reads {"chunks": [{"text", "start", "end", "metadata"}]} (JSON) from stdout.

Replace the body of `chunk()` with your pipeline's own splitting (a LangChain or LlamaIndex
splitter, your in-house code...) so chunkgate scores the chunks your RAG system really embeds.
This one cuts at headings (outside code fences) and packs paragraphs up to MAX_CHARS.

Offsets are UTF-16 code units, as chunkgate counts them (Python counts code points, so an
emoji would shift them); chunkgate checks every offset against the text and searches for the
text when they disagree, so offsets are optional.
"""
import json
import re
import sys

MAX_CHARS = 1200
HEADING = re.compile(r"^#{1,6}\s")
FENCE = re.compile(r"^\s*(```|~~~)")


def utf16_len(text):
    return len(text.encode("utf-16-le")) // 2


def front_matter_end(markdown):
    """Where the body starts: after a YAML front matter block (metadata, not chunk text)."""
    match = re.match(r"---\r?\n(?:.*\r?\n)*?---[ \t]*(?:\r?\n|$)", markdown)
    return match.end() if match else 0


def sections(markdown):
    """(start, end) code-point ranges of heading sections; fences never split."""
    body = front_matter_end(markdown)
    starts = [body]
    offset = body
    in_fence = False
    for line in markdown[body:].splitlines(keepends=True):
        if FENCE.match(line):
            in_fence = not in_fence
        elif not in_fence and HEADING.match(line) and offset > body:
            starts.append(offset)
        offset += len(line)
    starts.append(len(markdown))
    return [(starts[i], starts[i + 1]) for i in range(len(starts) - 1)]


def paragraphs(markdown, start, end):
    """(start, end) ranges of blank-line separated blocks inside [start, end)."""
    spans = []
    for match in re.finditer(r"\S(?:.|\n(?![ \t]*\n))*", markdown[start:end]):
        block = match.group(0).rstrip()
        spans.append((start + match.start(), start + match.start() + len(block)))
    return spans


def chunk(markdown):
    chunks = []
    for start, end in sections(markdown):
        current = None
        for p_start, p_end in paragraphs(markdown, start, end):
            if current and p_end - current[0] > MAX_CHARS:
                chunks.append(current)
                current = None
            current = (current[0] if current else p_start, p_end)
        if current:
            chunks.append(current)
    return chunks


def main():
    request = json.load(sys.stdin)
    markdown = request["markdown"]
    out = []
    for start, end in chunk(markdown):
        text = markdown[start:end]
        first_line = text.split("\n", 1)[0]
        out.append({
            "text": text,
            "start": utf16_len(markdown[:start]),
            "end": utf16_len(markdown[:end]),
            "metadata": {"heading": first_line.lstrip("# ").strip() if HEADING.match(first_line) else None},
        })
    json.dump({"chunks": out}, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main()
