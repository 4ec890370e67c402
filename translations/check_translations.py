#!/usr/bin/env python3
"""Checks that the translation catalogs are complete and consistent with the sources.

    translations/check_translations.py [--lupdate PATH]

Runs translations/update_translations.sh on temporary copies of translations/*.ts (the committed
files are not touched), then fails, listing each message, when:
  - a message of the sources has no Portuguese translation (new, unfinished or empty), or an
    English plural message lacks its forms;
  - the committed catalog holds a message the sources no longer use (it would be dropped: run
    `cmake --build build/ci --target ett_update_translations`);
  - a translation loses or adds a placeholder of its source (%1..%99, %L1, %n, %Ln), an HTML tag
    or entity, or its keyboard accelerator (one '&' in the source: exactly one in the translation;
    none in the source: none in the translation).
Exit status 0 when everything is in order, 1 otherwise.
"""
import argparse
import collections
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CATALOGS = {"pt_BR": "translations/ett_workbench_pt_BR.ts", "en": "translations/ett_workbench_en.ts"}

PLACEHOLDER = re.compile(r"%L?(?:\d{1,2}|n)")
TAG = re.compile(r"</?([A-Za-z][A-Za-z0-9]*)\b[^<>]*>")
ENTITY = re.compile(r"&(?:[A-Za-z]+|#\d+);")
# An accelerator: '&' before a letter or digit, not '&&' (a literal ampersand) and not an entity.
ACCELERATOR = re.compile(r"(?<!&)&(?!&)(?=[^\W_])")


def messages(path):
    """(context, source, comment, numerus, translation type, [texts]) of every message."""
    out = []
    for context in ET.parse(path).getroot().findall("context"):
        cname = context.findtext("name")
        for m in context.findall("message"):
            t = m.find("translation")
            numerus = m.get("numerus") == "yes"
            kind = t.get("type", "") if t is not None else "unfinished"
            if t is None:
                texts = []
            elif numerus:
                texts = [n.text or "" for n in t.findall("numerusform")]
            else:
                texts = [t.text or ""]
            out.append((cname, m.findtext("source"), m.findtext("comment") or "", numerus, kind, texts))
    return out


def accelerators(text):
    return len(ACCELERATOR.findall(ENTITY.sub("", text)))


def problems_of(source, text):
    found = []
    if sorted(PLACEHOLDER.findall(source)) != sorted(PLACEHOLDER.findall(text)):
        found.append("placeholders %s became %s" % (sorted(PLACEHOLDER.findall(source)), sorted(PLACEHOLDER.findall(text))))
    tags = lambda s: sorted(m.group(0).split()[0].rstrip(">").lower() for m in TAG.finditer(s))
    if tags(source) != tags(text):
        found.append("HTML tags %s became %s" % (tags(source), tags(text)))
    if sorted(ENTITY.findall(source)) != sorted(ENTITY.findall(text)):
        found.append("entities %s became %s" % (sorted(ENTITY.findall(source)), sorted(ENTITY.findall(text))))
    a, b = accelerators(source), accelerators(text)
    if min(a, 1) != b:
        found.append("%d accelerator(s) '&' in the source, %d in the translation" % (a, b))
    return found


def check(language, refreshed, committed):
    errors = []
    before = {(c, s, k) for c, s, k, *_ in messages(committed)}
    for context, source, comment, numerus, kind, texts in messages(refreshed):
        where = "%s [%s] %r%s" % (language, context, source, " (%s)" % comment if comment else "")
        if kind in ("vanished", "obsolete"):
            errors.append("%s: in the catalog but no longer in the sources" % where)
            continue
        if (context, source, comment) not in before:
            errors.append("%s: new in the sources, not in the catalog" % where)
            continue
        if kind == "unfinished" or not texts or not all(texts) or (numerus and len(texts) < 2):
            errors.append("%s: not translated" % where)
            continue
        for text in texts:
            errors.extend("%s: %s" % (where, p) for p in problems_of(source, text))
    return errors


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lupdate", default=os.environ.get("LUPDATE", ""))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        copies = {}
        for language, path in CATALOGS.items():
            copies[language] = os.path.join(tmp, os.path.basename(path))
            shutil.copyfile(os.path.join(ROOT, path), copies[language])
        env = dict(os.environ, ETT_KEEP_OBSOLETE="1")
        if args.lupdate:
            env["LUPDATE"] = args.lupdate
        subprocess.run(["sh", os.path.join(ROOT, "translations/update_translations.sh"), copies["pt_BR"],
                        copies["en"]], env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        errors = []
        for language, path in CATALOGS.items():
            errors += check(language, copies[language], os.path.join(ROOT, path))
    counts = collections.Counter(m[4] or "finished" for m in messages(os.path.join(ROOT, CATALOGS["pt_BR"])))
    print("pt_BR catalog: %d messages (%s)" % (sum(counts.values()), ", ".join("%s %d" % kv for kv in sorted(counts.items()))))
    for e in errors:
        print(e)
    if errors:
        print("%d problem(s). Refresh with `cmake --build build/ci --target ett_update_translations` and translate "
              "in translations/ett_workbench_pt_BR.ts (Qt Linguist, or translations/apply_json.py)." % len(errors))
        return 1
    print("translations complete")
    return 0


if __name__ == "__main__":
    sys.exit(main())
