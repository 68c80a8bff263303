#!/usr/bin/env python3
"""make bench: whole-process timings of grocery on households of every size, beside its own --version,
/bin/true, Taskwarrior and todo.txt-cli on the same data. Reports; never fails the build on a miss.

Usage: bench.py BINARY [--quick]   (--quick: fewer runs and no 100,000-item store)
Run it with `make bench` (builds the release binary, installs hyperfine/time/taskwarrior/todotxt-cli through
.ci/bench-setup when root, then runs this). Standard library only; every store lives in a temporary folder.

Stores are real log files written directly, line for line as grocery writes them (household.json plus
logs/<machine>.jsonl; (at, seq) strictly increasing; the built-in categories' fixed ids). Each store is warmed
once (an add, a staple and a list) so this machine's cache (cache.sqlite) exists, as in everyday use.

What is timed (hyperfine -N, --warmup 3, medians; the 100,000-item store 3 runs), and how a change stays
repeatable without timing any setup:
- add: `add bench-new`; hyperfine's --prepare (never timed) removes it again, so every timed add is a new item.
- purchase: `purchase bench-buy`, an item on the list; --prepare puts it back on the list (untimed).
- staple: `staple bench-staple`; --prepare un-staples it (untimed).
- restock --due, list, list --staples, stats: as they are.
- Taskwarrior: `task list`, `task add bench-new`, and `task +PENDING description:bench-buy done` with
  `task add bench-buy` as the untimed --prepare (a bare `task N done` cannot be repeated: ids are renumbered
  only by a later report). todo.txt-cli: `todo-txt ls`, `todo-txt add bench-new`, `todo-txt do N` with the
  item re-added by --prepare (done items are archived, so N stays the same).
Peak memory: the largest max RSS (GNU time %M) of list, stats and add, three runs each.

Households migrated from version 1: the same 1, 5 and 20 years of history written as one version-1 store file
(household.json, the shape of Tests/GroceryCoreTests/Fixtures/store-v1.json: categories, locations and items
with their purchases), GROCERY_STORE pointing at that file. The binary migrates it once (a `list`, timed once
and reported on stderr; the old file stays and keeps naming the household). Its `list` is then timed before any
change, while this machine's log ends with the whole migration (as it stays on a machine that only reads), and
held to within 1.1 x of its `list` after; then it is warmed and timed as above.
Floor: Tests/Benchmarks/floor.c, built with the toolchain's clang, reads the listed rows from (and makes one change
to) a copy of the 1-year household's cache, with nothing of grocery's; its time over /bin/true, added to
`--version`, is the least a list or a change could cost with an SQLite cache (reported, not a target).
1 and 20 years (written as logs and migrated) and 100,000 items also: `history --since` a month, completion
(`names items --matching`) and `category color` (a change to no item); 20 years against 1 year, and at 100,000
items against 50 ms (`history --since` there, a month of about 50,000 purchases, against `list`'s 250 ms).
100,000 items also: `history NAME`, `stats NAME`, and `purchase TYPO` (`purchase 'itme 5'`, refused with the three
closest of the thousands of names one edit away; the target of a change), and every other kind of change against
50 ms: `edit`, `remove`, `undo`, `category remove`, `location remove` and `import` of a file of two lines.
The same stores also: the whole `history` (timed, 5 runs, 3 at 100,000 items), with its peak memory and `export`'s,
each held to the memory target.
Rebuild: for the 20-year households, `cache.sqlite*` in this machine's state folder is deleted and one `list`
timed (three times, each after a fresh delete; the median is reported).
"""
import datetime, glob, json, os, random, shutil, statistics, subprocess, sys, tempfile, time, uuid

BINARY = os.path.abspath(sys.argv[1])
QUICK = "--quick" in sys.argv
RUNS = 7 if QUICK else 15
MACHINE = "00000000000000b1"
NOW = "2026-11-21T12:00:00Z"
work = tempfile.mkdtemp(prefix="grocery-bench-")


def have(tool):
    return shutil.which(tool) is not None


class Log:
    """Writes a machine's log the way grocery writes it: one change a line, stamps always increasing."""

    def __init__(self, household):
        os.makedirs(household + "/logs", exist_ok=True)
        with open(household + "/household.json", "w") as f:
            f.write('{"format":"grocery-household","version":2,"id":"%s"}\n' % uuid.uuid4())
        self.file = open("%s/logs/%s.jsonl" % (household, MACHINE), "w")
        self.ms = int(datetime.datetime(2000, 1, 1).timestamp() * 1000)

    def change(self, summary, ops, when=None):
        if when is not None:
            self.ms = max(self.ms + 1, int(when.timestamp() * 1000))
        else:
            self.ms += 1
        at = datetime.datetime.fromtimestamp(self.ms / 1000, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.") + "%03dZ" % (self.ms % 1000)
        line = {"v": 2, "id": str(uuid.uuid4()), "at": at, "seq": 0, "machine": MACHINE, "summary": summary, "ops": ops}
        self.file.write(json.dumps(line, separators=(",", ":"), ensure_ascii=False) + "\n")

    def close(self):
        self.file.close()


# The built-in categories have the same fixed ids in every household ("Produce" ... "Snacks, Drinks & Other").
CATEGORIES = ["00000000-0000-4000-8000-00000000c00%d" % n for n in range(1, 7)]


def item_op(id, name, staple, on_list, created, index=0):
    category = None if index % 7 == 6 else CATEGORIES[index % 7]
    return {"op": "item", "id": id, "set": {"name": name, "quantity": 1, "note": None, "category": category, "locations": [],
            "staple": staple, "onList": on_list, "unavailableOn": None, "skipUntil": None, "alive": True,
            "created": created}, "was": {"alive": False}}


def household(path, years):
    """200 items: 40 staples bought every 3 to 14 days, 2 to 7 of the rest each day; about 4,000 purchases a year."""
    random.seed(years)
    log = Log(path)
    start = datetime.datetime(2026 - years, 11, 21, 9, 0, tzinfo=datetime.timezone.utc)
    created = start.strftime("%Y-%m-%dT%H:%M:%S.000Z")
    ids = [str(uuid.uuid4()) for _ in range(200)]
    log.change("add", [{"op": "machine", "name": "bench@host"}] + [item_op(ids[i], "item %03d" % i, i < 40, i % 4 == 0, created, i) for i in range(200)], start)
    every = {i: random.randint(3, 14) for i in range(40)}
    purchases = 0
    for day in range(years * 365):
        when = start + datetime.timedelta(days=day, hours=10)
        bought = [i for i in range(40) if day % every[i] == 0] + random.sample(range(40, 200), random.randint(2, 7))
        for i in bought:
            log.change("purchase item %03d" % i, [{"op": "item", "id": ids[i], "set": {"onList": False}, "was": {"onList": True}},
                                                  {"op": "buy", "item": ids[i], "day": when.strftime("%Y-%m-%d"), "quantity": 1}], when)
            purchases += 1
        if day % 9 == 4:  # now and then an edit: a quantity or a note changes
            i = random.randrange(200)
            quantity = random.randint(1, 4)
            log.change("edit item %03d" % i, [{"op": "item", "id": ids[i], "set": {"quantity": quantity, "note": "bench %d" % day},
                                               "was": {"quantity": 1, "note": None}}], when)
        if day % 7 == 0:
            log.change("restock", [{"op": "item", "id": ids[i], "set": {"onList": True}, "was": {"onList": False}} for i in range(40)], when)
    log.close()
    return purchases


CATEGORY_NAMES = ["Produce", "Deli & Meat", "Dairy & Fridge", "Bread & Frozen", "Boxed & Canned", "Snacks, Drinks & Other"]


def household_v1(file, years):
    """The same household as household(path, years), as the one version-1 store file it would have had."""
    random.seed(years)
    start = datetime.datetime(2026 - years, 11, 21, 9, 0, tzinfo=datetime.timezone.utc)
    stamp = lambda when: when.strftime("%Y-%m-%dT%H:%M:%SZ")
    items = []
    for i in range(200):
        items.append({"id": str(uuid.uuid4()).upper(), "name": "item %03d" % i, "quantity": 1,
                      "category": "Uncategorized" if i % 7 == 6 else CATEGORY_NAMES[i % 7], "locations": [],
                      "staple": i < 40, "onList": i % 4 == 0, "purchases": [], "created": stamp(start), "updated": stamp(start)})
    every = {i: random.randint(3, 14) for i in range(40)}
    last = (start, "add")
    purchases = 0
    for day in range(years * 365):
        when = start + datetime.timedelta(days=day, hours=10)
        bought = [i for i in range(40) if day % every[i] == 0] + random.sample(range(40, 200), random.randint(2, 7))
        for i in bought:
            items[i]["onList"] = False
            items[i]["purchases"].append({"date": when.strftime("%Y-%m-%d"), "quantity": 1})
            items[i]["updated"] = stamp(when)
            last = (when, "purchase item %03d" % i)
            purchases += 1
        if day % 9 == 4:
            i = random.randrange(200)
            items[i]["quantity"] = random.randint(1, 4)
            items[i]["note"] = "bench %d" % day
            items[i]["updated"] = stamp(when)
            last = (when, "edit item %03d" % i)
        if day % 7 == 0:
            for i in range(40):
                items[i]["onList"] = True
                items[i]["updated"] = stamp(when)
            last = (when, "restock")
    document = {"version": 1, "categories": [{"name": n} for n in CATEGORY_NAMES],
                "locations": [{"name": "Corner Store", "categoryOrder": ["Produce", "Dairy & Fridge", "Bread & Frozen"]}],
                "items": items, "change": {"at": stamp(last[0]), "summary": last[1]}}
    with open(file, "w") as f:
        json.dump(document, f, indent=2, sort_keys=True, ensure_ascii=False)
    return purchases


def rebuild_seconds(home, runs=3):
    """The first `list` after this machine's cache (cache.sqlite*) is deleted: the median of a few, each after a fresh delete."""
    env = env_for(home)
    times = []
    for _ in range(runs):
        caches = glob.glob(os.path.join(home, ".local/state/grocery/*/cache.sqlite*"))
        if not caches:
            sys.exit("bench: no cache.sqlite* under %s/.local/state/grocery to delete" % home)
        for cache in caches:
            os.remove(cache)
        began = time.perf_counter()
        subprocess.run([BINARY, "list"], env=env, stdout=subprocess.DEVNULL, check=True)
        times.append(time.perf_counter() - began)
    return statistics.median(times), times


def many(path, count):
    random.seed(count)
    log = Log(path)
    start = datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc)
    ids = [str(uuid.uuid4()) for _ in range(count)]
    for i in range(count):
        log.change("add item %d" % i, [item_op(ids[i], "item %d" % i, i % 5 == 0, i % 3 == 0, "2026-01-01T00:00:00.000Z", i)], start)
    # Each purchase is made on its day, as a person makes it: a change is never dated before the day it buys on.
    bought = sorted((random.randrange(300), i) for i in range(count) for _ in range(5))
    for offset, i in bought:
        day = start + datetime.timedelta(days=offset)
        log.change("purchase item %d" % i, [{"op": "buy", "item": ids[i], "day": day.strftime("%Y-%m-%d"), "quantity": 1}], day)
    log.close()
    return ids


def env_for(home):
    store = home + "/household.json" if os.path.isfile(home + "/household.json") else home + "/household"
    env = dict(os.environ, HOME=home, GROCERY_STORE=store, GROCERY_NOW=NOW, TZ="UTC")
    env.pop("XDG_DATA_HOME", None)
    env.pop("XDG_STATE_HOME", None)
    return env


def hyperfine(commands, env, runs, warmup=3, failing=False):
    """Returns the median seconds of each command, run without a shell; `failing`: commands refused on purpose."""
    out = os.path.join(work, "hf.json")
    args = ["hyperfine", "-N", "--warmup", str(warmup), "--runs", str(runs), "--export-json", out, "--style", "none"]
    if failing:
        args.append("--ignore-failure")
    any_prepare = any(prep for _, _, prep in commands)
    for name, command, prep in commands:
        if any_prepare:
            args += ["--prepare", prep or "true"]
        args += ["-n", name, command]
    done = subprocess.run(args, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if done.returncode != 0 or not os.path.exists(out):
        sys.exit("bench: hyperfine failed on %s: %s" % ([c for _, c, _ in commands], done.stderr.strip()[-300:]))
    with open(out) as f:
        return {r["command"]: r["median"] for r in json.load(f)["results"]}


def peak_kib(command, env, runs=3):
    """The largest maximum resident set size, in KiB, over a few runs (GNU time's %M)."""
    peak = 0
    for _ in range(runs):
        result = subprocess.run(["/usr/bin/time", "-f", "%M"] + command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        peak = max(peak, int(result.stderr.strip().splitlines()[-1]))
    return peak


def grocery(*arguments):
    return " ".join([BINARY] + ["'%s'" % a if " " in a else a for a in arguments])


COMMANDS = [
    ("list", grocery("list"), None, "read"),
    ("list --staples", grocery("list", "--staples"), None, "read"),
    ("stats", grocery("stats"), None, "read"),
    ("add", grocery("add", "bench-new", "--quiet"), grocery("remove", "bench-new", "--quiet"), "change"),
    ("purchase", grocery("purchase", "bench-buy", "--quiet"), grocery("add", "bench-buy", "--quiet"), "change"),
    ("staple", grocery("staple", "bench-staple", "--quiet"), grocery("staple", "bench-staple", "--remove", "--quiet"), "change"),
    ("restock --due", grocery("restock", "--due", "--quiet"), None, "change"),
]

# Commands off the table, timed on the 1- and 20-year households (each a month of history, a completion and a change
# to a category, which touches no item) and at 100,000 items: `history --since` reads a month's purchases, completion
# (what bash and zsh run on TAB) the names a typed start can complete to, a category colour no item.
EXTRA = [
    ("history --since (a month)", grocery("history", "--since", "2026-10-22"), None),
    ("names items --matching (completion)", grocery("names", "items", "--matching=item 123"), None),
    ("category color", grocery("category", "color", "Produce", "red", "--quiet"),
     grocery("category", "color", "Produce", "blue", "--quiet")),
]


def measure_grocery(home, runs):
    env = env_for(home)
    # A first change builds this machine's cache, as everyday use would have.
    for args in (["add", "bench-buy", "bench-new"], ["staple", "bench-staple"], ["list"]):
        subprocess.run([BINARY] + args, env=env, stdout=subprocess.DEVNULL, check=True)
    times = hyperfine([(n, c, p) for n, c, p, _ in COMMANDS], env, runs)
    memory = max(peak_kib([BINARY] + args, env) for args in (["list"], ["stats"], ["add", "bench-mem", "--quiet"]))
    return times, memory


def floor_probe(home):
    """Times Tests/Benchmarks/floor.c on a copy of this household's cache, beside /bin/true: the least a list and
    a change could cost with an SQLite cache and nothing of grocery's. None when no C compiler can build it."""
    source = os.path.join(os.path.dirname(os.path.abspath(__file__)), "floor.c")
    binary = os.path.join(work, "floor")
    swift = shutil.which("swift")
    compilers = ([os.path.join(os.path.dirname(os.path.realpath(swift)), "clang")] if swift else []) + ["clang", "cc"]
    built = any(subprocess.run([cc, "-O2", "-o", binary, source] + libraries, capture_output=True).returncode == 0
                for cc in compilers if shutil.which(cc) for libraries in (["-l:libsqlite3.a", "-lm"], ["-lsqlite3"]))
    caches = glob.glob(home + "/.local/state/grocery/*/cache.sqlite")
    if not built or len(caches) != 1:
        print("bench: the floor probe was not built (no C compiler, or no one cache); skipped", file=sys.stderr)
        return None
    folder = os.path.join(work, "floor-copy")
    os.makedirs(folder)
    cache = shutil.copy(caches[0], folder)
    lock, log = folder + "/lock", folder + "/log.jsonl"
    return hyperfine([("list", "%s list %s" % (binary, cache), None),
                      ("change", "%s change %s %s %s" % (binary, cache, lock, log), None),
                      ("true", "/bin/true", None)], os.environ, 30)


def peers(count, folder):
    """Taskwarrior and todo.txt-cli with the same items pending and five completed tasks each."""
    results = {}
    if have("task"):
        data = os.path.join(folder, "task")
        os.makedirs(data)
        rc = os.path.join(folder, "taskrc")
        with open(rc, "w") as f:
            f.write("data.location=%s\nconfirmation=off\nverbose=nothing\nhooks=off\nnews.version=2.6.2\n" % data)
        with open(os.path.join(data, "pending.data"), "w") as f:
            for i in range(count):
                f.write('[description:"item %d" entry:"1767225600" modified:"1767225600" status:"pending" uuid:"%s"]\n' % (i, uuid.uuid4()))
        with open(os.path.join(data, "completed.data"), "w") as f:
            for i in range(count * 5):
                f.write('[description:"item %d" end:"1767225600" entry:"1767225600" modified:"1767225600" status:"completed" uuid:"%s"]\n' % (i // 5, uuid.uuid4()))
        env = dict(os.environ, TASKRC=rc, HOME=folder)
        t = hyperfine([("task list", "task list", None), ("task add", "task add bench-new", None)], env, RUNS)
        # Warm-up runs get no --prepare, so the one that needs a task to complete runs without them.
        t.update(hyperfine([("task done", "task +PENDING description:bench-buy done", "task add bench-buy")], env, RUNS, 0))
        results["task"] = {"list": t["task list"], "add": t["task add"], "purchase": t["task done"]}
    else:
        print("bench: Taskwarrior (task) is missing; skipped (.ci/bench-setup installs it)", file=sys.stderr)
    if have("todo-txt"):
        data = os.path.join(folder, "todo")
        os.makedirs(data)
        cfg = os.path.join(folder, "todo.cfg")
        with open(cfg, "w") as f:
            f.write('export TODO_DIR="%s"\nexport TODO_FILE="$TODO_DIR/todo.txt"\nexport DONE_FILE="$TODO_DIR/done.txt"\n'
                    'export REPORT_FILE="$TODO_DIR/report.txt"\n' % data)
        with open(os.path.join(data, "todo.txt"), "w") as f:
            for i in range(count):
                f.write("item %d\n" % i)
        with open(os.path.join(data, "done.txt"), "w") as f:
            for i in range(count * 5):
                f.write("x 2026-01-01 item %d\n" % (i // 5))
        env = dict(os.environ, HOME=folder)
        t = hyperfine([("todo ls", "todo-txt -d %s ls" % cfg, None)], env, RUNS)
        t.update(hyperfine([("todo do", "todo-txt -d %s do %d" % (cfg, count + 1), "todo-txt -d %s add bench-buy" % cfg)], env, RUNS, 0))
        t.update(hyperfine([("todo add", "todo-txt -d %s add bench-new" % cfg, None)], env, RUNS))
        results["todo-txt"] = {"list": t["todo ls"], "add": t["todo add"], "purchase": t["todo do"]}
    else:
        print("bench: todo.txt-cli (todo-txt) is missing; skipped (.ci/bench-setup installs it)", file=sys.stderr)
    return results


def main():
    for tool in ("hyperfine",):
        if not have(tool):
            sys.exit("bench: %s is missing; run .ci/bench-setup (as root) first" % tool)
    base = hyperfine([("grocery version", BINARY + " --version", None), ("true", "/bin/true", None)], os.environ, 30)
    version, true = base["grocery version"], base["true"]
    stores = [("household, 1 year", "h1", lambda p: household(p, 1), 200),
              ("household, 5 years", "h5", lambda p: household(p, 5), 200),
              ("household, 20 years", "h20", lambda p: household(p, 20), 200),
              ("household, 1 year, migrated v1", "m1", lambda p: household_v1(p + ".json", 1), 200),
              ("household, 5 years, migrated v1", "m5", lambda p: household_v1(p + ".json", 5), 200),
              ("household, 20 years, migrated v1", "m20", lambda p: household_v1(p + ".json", 20), 200),
              ("1,000 items", "n1k", lambda p: many(p, 1000), 1000),
              ("10,000 items", "n10k", lambda p: many(p, 10000), 10000)]
    if not QUICK:
        stores.append(("100,000 items", "n100k", lambda p: many(p, 100000), 100000))
    rows = {}
    floor = None
    rebuilds = {}
    fresh = {}
    named = {}
    extras = {}
    histories = {}
    for title, key, make, items in stores:
        home = os.path.join(work, key)
        os.makedirs(home)
        print("bench: %s: generating" % title, file=sys.stderr, flush=True)
        make(home + "/household")
        if key.startswith("m"):
            v1 = os.path.getsize(home + "/household.json")
            print("bench: %s: migrating %.1f MB of version-1 store" % (title, v1 / 1e6), file=sys.stderr, flush=True)
            began = time.perf_counter()
            subprocess.run([BINARY, "list"], env=env_for(home), stdout=subprocess.DEVNULL, check=True)
            print("bench: %s: migrated in %.0f ms" % (title, (time.perf_counter() - began) * 1000), file=sys.stderr, flush=True)
            if not os.path.isdir(home + "/household/logs"):
                sys.exit("bench: %s: no household folder after the migration" % title)
            size = sum(os.path.getsize(f) for f in glob.glob(home + "/household/logs/*.jsonl"))
            # Reads before this machine's first change, while its log's last line is the whole migration (as it
            # stays on a machine that only reads): as fast as after it.
            fresh[key] = (title, hyperfine([("list", grocery("list"), None)], env_for(home), RUNS)["list"])
        else:
            size = os.path.getsize("%s/household/logs/%s.jsonl" % (home, MACHINE))
        print("bench: %s: measuring (%.1f MB of log)" % (title, size / 1e6), file=sys.stderr, flush=True)
        times, memory = measure_grocery(home, 3 if items >= 100000 else RUNS)
        rows[key] = (title, items, size, times, memory)
        if key in ("h20", "m20"):
            rebuilds[key] = (title,) + rebuild_seconds(home)
        if key == "h1":
            floor = floor_probe(home)
        if key in ("h1", "h20", "m1", "m20", "n100k"):
            extras[key] = (title, hyperfine(EXTRA, env_for(home), 5 if key == "n100k" else RUNS))
            # The whole history, which grows with the years by nature: its time is reported, its memory held to
            # the household's target, as it and the export are written a part at a time.
            whole = hyperfine([("history", grocery("history"), None)], env_for(home), 3 if key == "n100k" else 5)
            histories[key] = (title, items, whole["history"], peak_kib([BINARY, "history"], env_for(home), 1),
                              peak_kib([BINARY, "export"], env_for(home), 1))
        if key == "n100k":
            named = hyperfine([("history NAME", grocery("history", "item 5"), None),
                               ("stats NAME", grocery("stats", "item 5"), None)], env_for(home), 5)
            # A typo, refused with the names it might mean (thousands of names are one edit from it).
            named.update(hyperfine([("purchase TYPO", grocery("purchase", "itme 5"), None)], env_for(home), 5,
                                   failing=True))
            # The other changes, each set up by the command before it: an edit, a removal, an undo, a category and
            # a store removed, a file of two lines imported (made once first, so that its setup removes it).
            small = os.path.join(work, "small.csv")
            with open(small, "w") as f:
                f.write("name\nbench import\nitem 9\n")
            subprocess.run([BINARY, "import", small, "--quiet"], env=env_for(home), check=True)
            named.update(hyperfine([
                ("edit", grocery("edit", "item 5", "--note", "a", "--quiet"),
                 grocery("edit", "item 5", "--note", "b", "--quiet")),
                ("remove", grocery("remove", "bench-gone", "--quiet"), grocery("add", "bench-gone", "--quiet")),
                ("undo", grocery("undo", "--quiet"), grocery("add", "bench-undo", "--quiet")),
                ("category remove", grocery("category", "remove", "Bench-aisle", "--quiet"),
                 grocery("category", "add", "Bench-aisle", "--quiet")),
                ("location remove", grocery("location", "remove", "Bench-store", "--quiet"),
                 grocery("location", "add", "Bench-store", "--quiet")),
                ("import (two lines)", grocery("import", small, "--quiet"),
                 grocery("remove", "bench import", "--quiet")),
            ], env_for(home), 5))
        if items in (1000, 10000):
            rows[key + "-peers"] = peers(items, os.path.join(work, key + "-peers"))

    # --version again at the end, so that the ratios do not rest on one moment's load.
    again = hyperfine([("grocery version", BINARY + " --version", None)], os.environ, 30)["grocery version"]
    version = (version + again) / 2
    names = [n for n, _, _, _ in COMMANDS]
    print("grocery %s, %s; medians of %d runs; `--version` %.1f ms, `/bin/true` %.2f ms (%.1f x)\n"
          % (subprocess.run([BINARY, "--version"], capture_output=True, text=True).stdout.split()[-1],
             datetime.date.today(), RUNS, version * 1000, true * 1000, version / true))
    print("| store | log | " + " | ".join("`%s`" % n for n in names) + " | peak memory |")
    print("|---|---|" + "---|" * len(names) + "---|")
    for key, (title, items, size, times, memory) in ((k, v) for k, v in rows.items() if not k.endswith("-peers")):
        cells = ["%.1f ms (%.1f x)" % (times[n] * 1000, times[n] / version) for n in names]
        print("| %s | %.1f MB | %s | %.1f MB |" % (title, size / 1e6, " | ".join(cells), memory / 1024))
        peers_row = rows.get(key + "-peers", {})
        for tool, t in peers_row.items():
            print("| %s, %s | | %s |" % (title, tool, " | ".join(
                ("%.1f ms" % (t[{"list": "list", "add": "add", "purchase": "purchase"}[n]] * 1000)) if n in ("list", "add", "purchase") else "" for n in names)))

    for n, t in named.items():
        print("\n100,000 items: `%s` %.1f ms (median of 5)" % (n, t * 1000), end="")
    for key, (title, times) in extras.items():
        print("\n%s: %s" % (title, ", ".join("`%s` %.1f ms" % (n, t * 1000) for n, t in times.items())), end="")
    for key, (title, _, seconds, memory, export) in histories.items():
        print("\n%s: whole `history` %.0f ms, peak memory %.1f MB (`export` %.1f MB)"
              % (title, seconds * 1000, memory / 1024, export / 1024), end="")
    for key, (title, seconds) in fresh.items():
        print("\n%s: `list` before this machine's first change %.1f ms" % (title, seconds * 1000), end="")
    for key, (title, median, runs) in rebuilds.items():
        print("\nRebuild, %s: first `list` after deleting cache.sqlite* %.0f ms (median of %s ms)"
              % (title, median * 1000, ", ".join("%.0f" % (t * 1000) for t in runs)), end="")
    print()
    if floor:
        over = {n: max(0.0, floor[n] - floor["true"]) for n in ("list", "change")}
        print("\nFloor (Tests/Benchmarks/floor.c, C on a copy of the 1-year household's cache): the listed rows"
              " read and shown %.2f ms, one change (lock, log line flushed, one row in a transaction) %.2f ms,"
              " `/bin/true` %.2f ms. With grocery's start (`--version`) added, no `list` could take less than"
              " %.1f ms (%.2f x `--version`) and no change less than %.1f ms (%.2f x)."
              % (floor["list"] * 1000, floor["change"] * 1000, floor["true"] * 1000,
                 (version + over["list"]) * 1000, (version + over["list"]) / version,
                 (version + over["change"]) * 1000, (version + over["change"]) / version))

    print("\nTargets:")
    def check(value, limit, text, strict=False):
        ok = value < limit if strict else value <= limit
        margin = (value / limit - 1) * 100
        print("- %s %s: %s" % ("PASS" if ok else "MISS", text, "%.0f%% under the target" % -margin if ok else "over by %.0f%%" % margin))
    check(version, 5 * true, "`--version` %.1f ms <= 5 x `/bin/true` (%.1f ms)" % (version * 1000, 5 * true * 1000))
    for key in ("h1", "h5", "h20", "m1", "m5", "m20"):
        title, _, _, times, _ = rows[key]
        for n, _, _, kind in COMMANDS:
            limit = 1.5 if kind == "read" else 2.0
            check(times[n], limit * version, "%s: `%s` %.1f x `--version` (target %.1f x)" % (title, n, times[n] / version, limit))
    for key, (title, seconds) in fresh.items():
        ratio = seconds / rows[key][3]["list"]
        check(ratio, 1.1, "%s: `list` before the first change is %.2f x after it (target 1.1 x)" % (title, ratio))
    for long, short, kind in (("h20", "h1", ""), ("m20", "m1", ", migrated v1")):
        for n in names:
            ratio = rows[long][3][n] / rows[short][3][n]
            check(ratio, 1.1, "`%s`: 20 years is %.2f x 1 year%s (target 1.1 x)" % (n, ratio, kind))
    for long, short in (("h20", "h1"), ("m20", "m1")):
        for n, t in extras[long][1].items():
            ratio = t / extras[short][1][n]
            check(ratio, 1.1, "`%s`: %s is %.2f x %s (target 1.1 x)" % (n, extras[long][0], ratio, extras[short][0]))
    for key in ("n1k", "n10k"):
        title, _, _, times, _ = rows[key]
        for n in ("list", "add", "purchase"):
            for tool, t in rows.get(key + "-peers", {}).items():
                check(times[n], t[n], "%s: `%s` %.1f ms vs %s %.1f ms" % (title, n, times[n] * 1000, tool, t[n] * 1000), strict=True)
    if "n100k" in rows:
        title, _, _, times, _ = rows["n100k"]
        for n, _, _, kind in COMMANDS:
            if kind == "change":
                check(times[n], 0.05, "%s: `%s` %.1f ms (target 50 ms)" % (title, n, times[n] * 1000))
        check(times["list"], 0.25, "%s: `list` %.1f ms (target 250 ms)" % (title, times["list"] * 1000))
        for n, t in list(named.items()) + list(extras.get("n100k", ("", {}))[1].items()):
            # A month of history there is tens of thousands of purchases: a read of that many rows, as `list` is.
            limit = 0.25 if n.startswith("history --since") else 0.05
            check(t, limit, "%s: `%s` %.1f ms (target %.0f ms)" % (title, n, t * 1000, limit * 1000))
    for key, (title, median, _) in rebuilds.items():
        check(median, 2.0, "%s: rebuild (first `list` without the cache) %.2f s (target 2 s)" % (title, median))
    for key, (title, items, _, _, memory) in ((k, v) for k, v in rows.items() if not k.endswith("-peers")):
        limit = 15 * 1024 + items / 10
        check(memory, limit, "%s: peak memory %.1f MB (target %.1f MB)" % (title, memory / 1024, limit / 1024))
    for key, (title, items, _, memory, export) in histories.items():
        limit = 15 * 1024 + items / 10
        check(memory, limit, "%s: whole `history` peak memory %.1f MB (target %.1f MB)"
              % (title, memory / 1024, limit / 1024))
        check(export, limit, "%s: `export` peak memory %.1f MB (target %.1f MB)" % (title, export / 1024, limit / 1024))
    shutil.rmtree(work, ignore_errors=True)


main()
