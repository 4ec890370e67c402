#!/usr/bin/env python3
"""Fills a Qt .ts catalog from JSON lists of translated messages.

    translations/apply_json.py [--overwrite] [--strict-contexts] TS JSON...

Each JSON file is a list of objects {"source", "comment", "numerus", "contexts", "where",
"translation"} (or "translations": [singular, plural] when numerus is true), as the translators
hand them back. A message of TS takes the translation of the JSON entry with the same source text
and comment (contexts, when the entry names some, pick among entries with the same text; with
--strict-contexts an entry applies only in the contexts it names); entries without a
translation are skipped. Only unfinished or empty messages are filled unless
--overwrite. Filled messages are marked finished. The file is written back; run
translations/update_translations.sh afterwards to normalise its layout.

Prints how many messages were filled and how many are still unfinished.
"""
import argparse
import json
import sys
import xml.etree.ElementTree as ET


def key(source, comment):
    return (source, comment or "")


def load(paths):
    table = {}
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for e in json.load(f):
                forms = e.get("translations") if e.get("numerus") else None
                text = e.get("translation")
                if forms is None and isinstance(text, list):
                    forms = text
                if (forms is None or not all(forms)) and not text:
                    continue
                entry = {"contexts": e.get("contexts") or [], "forms": forms, "text": text}
                table.setdefault(key(e["source"], e.get("comment")), []).append(entry)
    return table


def pick(entries, context, strict):
    """The entry naming the context; else (unless strict) the first, as the same text reads the
    same wherever it is used."""
    for e in entries:
        if context in e["contexts"]:
            return e
    return None if strict else entries[0]


def unfinished(message):
    t = message.find("translation")
    if t is None:
        return True
    if t.get("type") in ("unfinished",):
        return True
    if message.get("numerus") == "yes":
        return not all((n.text or "") for n in t.findall("numerusform"))
    return not (t.text or "")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--overwrite", action="store_true", help="replace finished translations too")
    parser.add_argument("--strict-contexts", action="store_true",
                        help="use an entry only in the contexts it names (for context-specific fixes)")
    parser.add_argument("ts")
    parser.add_argument("json", nargs="+")
    args = parser.parse_args()

    table = load(args.json)
    tree = ET.parse(args.ts)
    filled = left = 0
    for context in tree.getroot().findall("context"):
        cname = context.findtext("name")
        for m in context.findall("message"):
            t = m.find("translation")
            if t is None:
                t = ET.SubElement(m, "translation")
            if t.get("type") in ("vanished", "obsolete"):
                continue
            if not args.overwrite and not unfinished(m):
                continue
            entries = table.get(key(m.findtext("source"), m.findtext("comment")))
            if not entries:
                left += unfinished(m)
                continue
            e = pick(entries, cname, args.strict_contexts)
            if e is None:
                left += unfinished(m)
                continue
            if m.get("numerus") == "yes":
                forms = e["forms"] or [e["text"], e["text"]]
                for n in list(t):
                    t.remove(n)
                t.text = None
                for form in forms:
                    ET.SubElement(t, "numerusform").text = form
            else:
                if not e["text"]:
                    left += 1
                    continue
                t.text = e["text"]
            t.attrib.pop("type", None)
            filled += 1
    body = ET.tostring(tree.getroot(), encoding="unicode")
    with open(args.ts, "w", encoding="utf-8") as f:
        f.write('<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n' + body + "\n")
    print(f"{args.ts}: {filled} filled, {left} still unfinished")
    return 0


if __name__ == "__main__":
    sys.exit(main())
