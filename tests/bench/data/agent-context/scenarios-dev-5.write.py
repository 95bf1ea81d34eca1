"""Writes scenarios-dev-5.json (the agent-context bench's fifth dev split) beside this file.
Registers the earlier dev splits lack: terse imperative developers, non-native English, decisions implied by an
action, conventions stated as complaints, rejected approaches, preferences said in passing, a decision revised
later, long noisy sessions with tool chatter. Turns that settle something carry a label; probes name labels.
Run: python3 tests/bench/data/agent-context/scenarios-dev-5.write.py
     python3 tests/bench/data/agent-context/check-scenarios.py 5
"""
import json
import os
from datetime import datetime, timedelta


def R(f): return {"name": "Read", "file": f}
def E(f): return {"name": "Edit", "file": f}
def W(f): return {"name": "Write", "file": f}
def B(c): return {"name": "Bash", "command": c}
def G(c): return {"name": "Grep", "command": c}
def U(text, label=None, tools=None): return ("user", text, tools or [], label)
def A(text, label=None, tools=None): return ("assistant", text, tools or [], label)
def S(outcome, start, *turns): return (outcome, start, turns)
def Q(kind, prompt, labels, terms): return (kind, prompt, labels, terms)


def chatter(n, what, files, cmd):
    """n assistant turns of tool chatter: reading, running, nothing settled."""
    out = []
    for i in range(n):
        f = files[i % len(files)]
        out.append(A(f"Checked {f}: {what[i % len(what)]}", tools=[R(f), B(cmd)]))
    return out


PROJECTS = []

# d5-p01 Python data pipeline, non-native English (German-ish). polars; structlog complaint; dask rejected;
# join step revised to duckdb; clock.py reverted.
PROJECTS.append(("python", "Python: nightly orders pipeline (polars)", [
    S("merged", "2026-03-02T08:10:00Z",
      U("the nightly job is killed again from OOM on the big parquet. pandas is eating all the memory, with 40 GB export it is not going"),
      A("Confirmed: peak RSS 58 GB in transform/aggregate.py while the parquet is 9 GB on disk. pandas materialises every column as object dtype for the string fields.", tools=[R("transform/aggregate.py"), B("/usr/bin/time -v python -m transform.aggregate --date 2026-03-01")]),
      U("ok we go with polars, not pandas anymore. lazy scan, it stream the file. rewrite aggregate.py with it", "dec"),
      A("Rewrote aggregate.py with pl.scan_parquet(...).group_by('region').agg(...).collect(streaming=True). Peak RSS 6.1 GB, runtime 4m10s (was 22m).", tools=[E("transform/aggregate.py"), B("pip install polars==0.20.31"), B("/usr/bin/time -v python -m transform.aggregate --date 2026-03-01")]),
      U("good. pin it in requirements"),
      A("Pinned polars==0.20.31 in requirements.txt.", tools=[E("requirements.txt")]),
    ),
    S("reverted", "2026-03-09T13:40:00Z",
      U("timestamps from the Sao Paulo shop are 3 hours off in the report. look"),
      A("Reading the ingest code.", tools=[R("ingest/clock.py"), R("ingest/load.py")]),
      *chatter(5, ["naive datetimes parsed with datetime.strptime, no tz", "the export column is 'created_local'", "report groups by date of created_local", "tests only cover UTC shops", "shop table has a tz column"], ["ingest/clock.py", "ingest/load.py", "tests/test_clock.py"], "pytest tests/test_clock.py -q"),
      A("Changed ingest/clock.py to localise created_local with the shop's tz and convert to UTC before the group by.", tools=[E("ingest/clock.py"), B("pytest -q")]),
      U("now all the EU shops moved one day in the report, finance will kill me. revert it. the export is already UTC, only the column name is lying", "clock0"),
      A("Reverted ingest/clock.py. The Sao Paulo shift comes from the export itself: created_local is UTC despite its name, so the report should not convert it at all.", "clock", tools=[B("git checkout -- ingest/clock.py"), B("pytest -q")]),
    ),
    S("merged", "2026-03-17T09:20:00Z",
      U("add a check that orders without region are dropped and count them"),
      A("Added the filter in transform/clean.py and a print of the dropped count.", tools=[E("transform/clean.py")]),
      U("please stop to write print() everywhere. I said it already. we use structlog, with key=value, the log goes to loki and print is lost", "conv"),
      A("Replaced the print with log.info('dropped_orders', reason='no_region', count=n) using the module's structlog logger.", tools=[E("transform/clean.py"), G("rg -n 'print\\(' transform/ ingest/")]),
      A("Found two more print() calls in ingest/load.py; switched them to structlog too.", tools=[E("ingest/load.py"), B("pytest -q")]),
      U("danke"),
    ),
    S("merged", "2026-03-26T10:00:00Z",
      U("the transform is too slow again since we have 3 more countries. can we spread it on the workers?"),
      A("One option is dask.distributed on the four worker nodes; the transform is partitioned by country already.", tools=[R("transform/run.py")]),
      U("no. we tried dask for exactly this in january, is dropped. the scheduler was hanging on the cluster after some hours and nobody found why. make it parallel per country with multiprocessing on one big node", "rej"),
      A("transform/run.py now runs one process per country with concurrent.futures.ProcessPoolExecutor(max_workers=8). 11 countries finish in 6m.", tools=[E("transform/run.py"), B("python -m transform.run --date 2026-03-25")]),
      U("ok"),
    ),
    S("merged", "2026-04-07T08:30:00Z",
      U("the join orders x customers is the slowest step now, 9 minutes"),
      A("Profiled: the polars join spills because customers has 80 columns. I tried selecting columns first, 6 minutes.", tools=[R("transform/join.py"), B("python -m cProfile -s cumtime -m transform.join --date 2026-04-06 | head -30")]),
      U("I tried duckdb on my laptop, 50 seconds. we move the join step to duckdb, reading the parquet directly. polars stays for the rest", "rev"),
      A("transform/join.py now runs the join in duckdb (duckdb.sql over read_parquet) and hands a polars frame on with .pl(). 48s on the server.", tools=[E("transform/join.py"), B("pip install duckdb==0.10.2"), E("requirements.txt"), B("python -m transform.join --date 2026-04-06")]),
      U("perfect"),
    ),
  ], [
    Q("decision", "New export: returns.parquet, 30 GB. Sum refunds per region per day. Write it.", ["dec"], ["polars"]),
    Q("convention", "In the dedupe step I want to see how many duplicates were removed each night", ["conv"], ["structlog"]),
    Q("rejected-approach", "Nightly run takes 40 minutes now. Can we distribute it across the cluster nodes with a task scheduler?", ["rej"], ["dask", "hanging"]),
    Q("decision", "join the returns with the orders table on order_id", ["rev"], ["duckdb"]),
    Q("file-history", "The Sao Paulo timestamps are wrong again in the weekly report, fix the timezone", ["clock0", "clock"], ["clock.py", "UTC"]),
]))

# d5-p02 TypeScript API (NestJS-like), terse imperative user. CI moved to pnpm (implied by action), thin
# controllers complaint, Redis pub/sub rejected, named exports preference, orders.service.ts abandoned.
PROJECTS.append(("typescript", "TypeScript: billing API", [
    S("merged", "2026-05-04T07:50:00Z",
      U("ci red. again. lockfile"),
      A("The install step fails: `YN0028: The lockfile would have been modified by this install, which is explicitly forbidden.` yarn 4 resolves @types/node differently on the runner.", tools=[B("gh run view --log-failed | tail -40")]),
      U("switched the CI to pnpm myself just now, yarn kept breaking the lockfile. fix the readme + the dockerfile to match", "dec"),
      A("README setup now says `pnpm install` / `pnpm test`; the Dockerfile uses corepack enable && pnpm install --frozen-lockfile. Removed .yarnrc.yml and yarn.lock.", tools=[E("README.md"), E("Dockerfile"), B("git rm .yarnrc.yml yarn.lock"), B("pnpm install --frozen-lockfile")]),
      U("ok"),
    ),
    S("merged", "2026-05-11T09:05:00Z",
      U("add discount codes. POST /invoices/:id/discount"),
      A("Added the route in invoices.controller.ts: it loads the invoice, checks the code's expiry, recomputes totals and saves.", tools=[E("src/invoices/invoices.controller.ts")]),
      U("stop putting logic in controllers. controller parses the request and calls the service. that's it. how many times", "conv0"),
      A("Moved expiry check and recompute into InvoicesService.applyDiscount(); the controller only validates the DTO and calls it.", "conv", [E("src/invoices/invoices.controller.ts"), E("src/invoices/invoices.service.ts")]),
      U("tests"),
      A("Added invoices.service.spec.ts cases for expired and valid codes.", tools=[E("src/invoices/invoices.service.spec.ts"), B("pnpm jest src/invoices")]),
    ),
    S("abandoned", "2026-05-19T14:00:00Z",
      U("orders e2e flaky. fix"),
      A("Running it 20 times.", tools=[B("pnpm jest test/orders.e2e-spec.ts --runInBand -i --count 20")]),
      *chatter(7, ["fails 4/20 with 'expected status PAID, got PENDING'", "the payment webhook is handled async", "the test polls nothing, asserts right after POST", "no retries on the webhook handler", "the service sets status in two writes", "queue worker starts lazily", "CI is slower than local"], ["test/orders.e2e-spec.ts", "src/orders/orders.service.ts", "src/payments/webhook.handler.ts"], "pnpm jest test/orders.e2e-spec.ts"),
      A("Added a retry loop with a 500 ms sleep inside OrdersService.markPaid in src/orders/orders.service.ts so the status is re-read until the webhook write lands.", "fh0", tools=[E("src/orders/orders.service.ts"), B("pnpm jest test/orders.e2e-spec.ts")]),
      U("no. sleeps in prod code no way. the test is wrong not the service. leave it, I do it later", "fh"),
      A("Understood, leaving the branch as is; the sleep-retry in orders.service.ts is not merged.", tools=[B("git stash")]),
    ),
    S("merged", "2026-05-28T10:30:00Z",
      U("mailer must know when invoice paid"),
      A("Options: Redis pub/sub channel (we already run Redis), or the outbox table we use for the ledger events.", tools=[R("src/outbox/outbox.service.ts")]),
      U("tried Redis pub/sub for the ledger last year, dropped it: lost messages every time the worker restarted. outbox", "rej"),
      A("Wrote an invoice.paid row to the outbox in the same transaction as the status change; the mailer's poller reads it.", tools=[E("src/invoices/invoices.service.ts"), E("src/mailer/mailer.poller.ts"), B("pnpm jest src/invoices src/mailer")]),
      U("k"),
    ),
    S("merged", "2026-06-03T08:45:00Z",
      U("money formatter in utils. EUR and CHF"),
      A("Added src/utils/money.ts with `export default function formatMoney`.", tools=[W("src/utils/money.ts")]),
      U("fine. btw no default exports, I grep for names", "pref"),
      A("Changed to `export function formatMoney` and updated the import in the invoice PDF.", tools=[E("src/utils/money.ts"), E("src/pdf/invoice.pdf.ts"), B("pnpm tsc --noEmit")]),
    ),
  ], [
    Q("decision", "add the pdfkit package and its types", ["dec"], ["pnpm"]),
    Q("convention", "endpoint for refunds: POST /invoices/:id/refund, partial amounts allowed", ["conv0", "conv"], ["controller", "service"]),
    Q("rejected-approach", "the accounting export should react when a refund happens. a lightweight pubsub channel would do?", ["rej"], ["pub/sub", "lost messages"]),
    Q("preference", "add a date helper in utils that gives the invoice due date", ["pref"], ["default export"]),
    Q("file-history", "orders e2e is red again on main", ["fh0", "fh"], ["orders.service.ts", "sleep"]),
]))

# d5-p03 Go service, non-native English (Spanish-ish). gorm -> sqlc (revised), wrap errors complaint,
# pool.go leak in a long noisy session, -race preference in passing.
PROJECTS.append(("go", "Go: invoicing service", [
    S("merged", "2026-01-12T09:00:00Z",
      U("we need the db layer. we use gorm for now, is fast to start and the team know it", "old"),
      A("Added internal/db with a gorm.DB opened from DATABASE_URL and the Invoice model with AutoMigrate off.", tools=[B("go get gorm.io/gorm gorm.io/driver/postgres"), W("internal/db/db.go"), W("internal/db/models.go")]),
      U("ok"),
    ),
    S("merged", "2026-01-26T10:10:00Z",
      U("the monthly report is very slow, 14 seconds"),
      A("The report preloads customers then lines per invoice: gorm issues 1 + 2N queries (N+1), 2,400 queries for one month.", tools=[R("internal/report/monthly.go"), B("GORM_LOG=info go run ./cmd/report --month 2025-12 2>&1 | grep -c SELECT")]),
      U("gorm is making N+1 and hide the SQL from us. we remove it. go to sqlc, the queries we write in query.sql and it generate the code", "dec"),
      A("Added sqlc.yaml, db/query.sql with the report query as one join, generated internal/db/sqlc. The report takes 180 ms. Other gorm call sites are listed in a TODO.", tools=[W("sqlc.yaml"), W("db/query.sql"), B("sqlc generate"), E("internal/report/monthly.go"), B("go test ./...")]),
      U("next week we remove all gorm"),
    ),
    S("merged", "2026-02-02T09:30:00Z",
      U("bank API client. call /transfers, parse the answer"),
      A("Added internal/bank/client.go; errors from the HTTP call are returned as they are.", tools=[W("internal/bank/client.go")]),
      U("again you return err without wrap. always wrap with fmt.Errorf and %w, with what you was doing, I want to see where it come from in the logs", "conv"),
      A("Wrapped every return: fmt.Errorf(\"bank: post transfer %s: %w\", id, err), and the decode error likewise.", tools=[E("internal/bank/client.go"), B("go vet ./...")]),
      U("and removed the last gorm?"),
      A("Yes, the remaining three call sites use sqlc queries now; gorm is out of go.mod.", tools=[E("internal/invoice/store.go"), B("go mod tidy"), B("go test ./...")]),
    ),
    S("merged", "2026-02-16T15:00:00Z",
      U("memory goes up and up in prod, after 2 days the pod is restarted"),
      A("Taking a goroutine profile from the staging pod.", tools=[B("kubectl port-forward deploy/invoicing 6060 & curl -s localhost:6060/debug/pprof/goroutine?debug=1 | head -50")]),
      *chatter(8, ["41,000 goroutines blocked in worker.(*Pool).dispatch", "dispatch sends on an unbuffered channel", "the receiver returns early on ctx timeout", "nothing drains the channel after the timeout", "heap profile is mostly goroutine stacks", "the pool was added in November", "there is no test for cancellation", "GOMAXPROCS is 2 in the pod"], ["internal/worker/pool.go", "internal/worker/pool_test.go"], "go tool pprof -top heap.out"),
      A("Fixed internal/worker/pool.go: dispatch selects on ctx.Done() next to the send, so an abandoned job no longer blocks its goroutine forever. Added a cancellation test.", "fh", [E("internal/worker/pool.go"), E("internal/worker/pool_test.go"), B("go test -race ./internal/worker/")]),
      U("good. and run with -race always when you test, it catch things before", "pref"),
      A("Noted; I'll run go test -race.", tools=[B("go test -race ./...")]),
    ),
  ], [
    Q("decision", "add a query that list overdue invoices with the customer name", ["dec"], ["sqlc", "query.sql"]),
    Q("convention", "handle when the bank answers 502, we retry 3 times then give up", ["conv"], ["%w"]),
    Q("preference", "run the tests for the new reminder handler", ["pref"], ["-race"]),
    Q("file-history", "pods restart again after two days, memory grows. check the worker pool", ["fh"], ["pool.go", "ctx.Done"]),
    Q("rejected-approach", "for the new tables maybe we use an ORM so we go faster?", ["dec"], ["gorm", "N+1"]),
]))

# d5-p04 PHP Laravel, very terse user. redis queue driver; no queries in views (complaint); Livewire rejected;
# Laravel 11 upgrade reverted in a noisy session; Pest preference in passing.
PROJECTS.append(("php", "PHP: Laravel shop backend", [
    S("merged", "2026-02-03T08:00:00Z",
      U("jobs stuck. look"),
      A("failed_jobs is empty but jobs has 3,100 rows reserved; the database queue driver holds row locks on `jobs` while the 4 workers poll and they deadlock on MySQL.", tools=[B("php artisan queue:monitor default"), B("mysql -e 'SHOW ENGINE INNODB STATUS' | grep -A20 DEADLOCK")]),
      U("queue driver redis. not database. db one locks the jobs table", "dec"),
      A("QUEUE_CONNECTION=redis in .env.example and config/queue.php; Horizon added to supervise the workers.", tools=[E("config/queue.php"), E(".env.example"), B("composer require laravel/horizon")]),
      U("ok"),
    ),
    S("merged", "2026-02-10T10:00:00Z",
      U("dashboard: show open tickets count"),
      A("Added the count in resources/views/dashboard.blade.php with `{{ \\App\\Models\\Ticket::where('status','open')->count() }}`.", tools=[E("resources/views/dashboard.blade.php")]),
      U("why is there a query in the blade again. no queries in views. ever. controller passes it", "conv"),
      A("Moved the count to DashboardController@index and pass $openTickets to the view.", tools=[E("app/Http/Controllers/DashboardController.php"), E("resources/views/dashboard.blade.php")]),
    ),
    S("merged", "2026-02-19T09:15:00Z",
      U("admin orders table. sort + filter"),
      A("Could do it with a Livewire component; sorting and filtering without writing JS.", tools=[R("resources/js/Pages/Admin/Orders.vue")]),
      U("tried Livewire for the admin tables in the old project. removed. too slow with 5k rows, every keystroke a roundtrip. keep Inertia + Vue, filter server side with a debounce", "rej"),
      A("Orders.vue has a debounced filter (300 ms) calling the Inertia visit with query params; OrdersController applies them with a paginated query.", tools=[E("resources/js/Pages/Admin/Orders.vue"), E("app/Http/Controllers/Admin/OrdersController.php"), B("npm run build")]),
    ),
    S("reverted", "2026-03-04T13:00:00Z",
      U("upgrade to laravel 11"),
      A("Bumping the framework.", tools=[E("composer.json"), B("composer update laravel/framework -W")]),
      *chatter(7, ["bootstrap/app.php needs the new slim skeleton", "Kernel.php middleware moved to bootstrap/app.php", "config/sanctum.php middleware keys renamed", "23 tests fail with 401 on api routes", "sanctum stateful domains not read", "horizon needs 5.24", "php 8.2 ok"], ["bootstrap/app.php", "config/sanctum.php", "app/Http/Kernel.php"], "php artisan test --parallel"),
      A("Moved the middleware into bootstrap/app.php and renamed the keys in config/sanctum.php; still 11 api tests return 401 because the SPA cookie auth breaks.", tools=[E("config/sanctum.php"), E("bootstrap/app.php"), B("php artisan test --parallel")]),
      U("revert all. sanctum cookie auth broken = customers logged out. not now", "fh"),
      A("Reverted composer.json, composer.lock, bootstrap/app.php and config/sanctum.php; back on Laravel 10, tests green.", tools=[B("git checkout main -- composer.json composer.lock bootstrap/app.php config/sanctum.php"), B("composer install"), B("php artisan test --parallel")]),
    ),
    S("merged", "2026-03-12T08:20:00Z",
      U("test for the coupon expiry"),
      A("Added tests/Unit/CouponTest.php with a PHPUnit test class.", tools=[W("tests/Unit/CouponTest.php")]),
      U("pest syntax pls, not phpunit classes", "pref"),
      A("Rewrote it as Pest: it('rejects an expired coupon', ...) with expect()->toThrow.", tools=[E("tests/Unit/CouponTest.php"), B("./vendor/bin/pest tests/Unit/CouponTest.php")]),
    ),
  ], [
    Q("decision", "order confirmation mails slow the checkout. send them in background", ["dec"], ["redis"]),
    Q("convention", "profile page: show how many orders the user has", ["conv"], ["blade"]),
    Q("rejected-approach", "admin customers list needs live search while typing. some reactive component package?", ["rej"], ["livewire", "5k rows"]),
    Q("file-history", "let's try the framework major upgrade again", ["fh"], ["sanctum"]),
    Q("preference", "tests for the shipping cost calculator", ["pref"], ["pest"]),
]))

# d5-p05 Rust firmware + host tool, non-native English (French-ish). argh replaced clap (implied by action),
# no unwrap complaint, embassy rejected, radio.rs history, comments in English preference in passing.
PROJECTS.append(("rust", "Rust: sensor firmware and host tool", [
    S("merged", "2026-04-01T07:30:00Z",
      U("I have replaced clap derive by argh in the host tool this morning, the binary was 4 MB more and it does not fit on the gateway flash. can you fix the --help texts, they are broken now", "dec"),
      A("argh takes the doc comments as help; the field docs were on the wrong lines. Fixed them in host/src/cli.rs; binary is 612 KB stripped.", tools=[R("host/src/cli.rs"), E("host/src/cli.rs"), B("cargo build --release -p host && ls -l target/release/host")]),
      U("merci"),
    ),
    S("merged", "2026-04-08T09:00:00Z",
      U("parse the config block from flash at boot"),
      A("Added firmware/src/config.rs: reads the block and `.unwrap()`s the CRC check and the postcard decode.", tools=[W("firmware/src/config.rs")]),
      U("no unwrap() in the firmware code please. each time it panic the board reboot in loop and we must go on the roof to reflash it. return an error and use the defaults", "conv"),
      A("config::load now returns Result<Config, ConfigError>; main falls back to Config::default() and logs via defmt on error.", tools=[E("firmware/src/config.rs"), E("firmware/src/main.rs"), B("cargo build -p firmware --target thumbv7em-none-eabihf")]),
    ),
    S("merged", "2026-04-15T10:00:00Z",
      U("radio lose packets when two sensors send together"),
      A("Flashing and watching the RTT log.", tools=[B("probe-rs run --chip nRF52840_xxAA target/thumbv7em-none-eabihf/release/firmware")]),
      *chatter(6, ["CRC errors cluster when two frames overlap", "no listen-before-talk before tx", "the backoff is a fixed 10 ms for every node", "both nodes have the same seed for rand", "RSSI looks fine", "TX power is max"], ["firmware/src/radio.rs", "firmware/src/main.rs"], "probe-rs run --chip nRF52840_xxAA"),
      A("In firmware/src/radio.rs: CCA before transmit and a random backoff seeded from the device id (FICR) instead of a fixed 10 ms. Overlap losses went from 12 % to 0.4 %.", "fh", [E("firmware/src/radio.rs"), B("cargo build -p firmware --release"), B("probe-rs run --chip nRF52840_xxAA target/thumbv7em-none-eabihf/release/firmware")]),
      U("super"),
    ),
    S("merged", "2026-04-24T08:40:00Z",
      U("the timer for sampling drift"),
      A("Could move the sampling to embassy async tasks with embassy-time; cleaner than the interrupt handlers.", tools=[R("firmware/src/main.rs")]),
      U("I tried embassy async already in february, the timer interrupts were late of 2-3 ms under radio load, I go back to RTIC. we stay on RTIC. fix the drift in the RTIC monotonic", "rej"),
      A("The drift came from rescheduling relative to now() instead of the previous deadline; the sample task now schedules at last + period with the RTIC monotonic.", tools=[E("firmware/src/main.rs"), B("cargo build -p firmware --release")]),
      U("ok and also write the comments in english even if I write in french to you, the repo is public", "pref"),
      A("Will do; translated the two French comments in main.rs as well.", tools=[E("firmware/src/main.rs")]),
    ),
  ], [
    Q("decision", "add a --verbose flag on the host tool", ["dec"], ["argh"]),
    Q("convention", "decode the sensor frame in a new module frame.rs", ["conv"], ["unwrap"]),
    Q("rejected-approach", "the sampling code would be much cleaner with async/await, let's port it", ["rej"], ["embassy", "late"]),
    Q("file-history", "packets are lost again with 6 sensors on the roof", ["fh"], ["radio.rs", "backoff"]),
    Q("preference", "document the calibration function", ["pref"], ["english"]),
]))

# d5-p06 Kubernetes/Helm infra, terse. sealed-secrets -> external-secrets (revised), pin digests complaint,
# Argo Rollouts rejected, ingress.yaml abandoned in a noisy session, helm diff preference.
PROJECTS.append(("helm", "Helm: platform charts", [
    S("merged", "2026-01-05T09:00:00Z",
      U("moved all secrets to sealed-secrets over the weekend, sops was too annoying for the new people. update the docs/secrets.md how-to", "old"),
      A("docs/secrets.md now shows kubeseal --format yaml < secret.yaml > sealed.yaml and where the controller's cert lives.", tools=[E("docs/secrets.md"), B("kubeseal --fetch-cert > /dev/null && echo ok")]),
    ),
    S("merged", "2026-01-13T11:00:00Z",
      U("deploy worker 1.8"),
      A("Set image.tag: latest in charts/worker/values-prod.yaml since 1.8 is the newest build.", tools=[E("charts/worker/values-prod.yaml")]),
      U("who keeps pinning images to latest. pin digests. every time. sha256, not tags", "conv"),
      A("values-prod.yaml now uses image.digest: sha256:4be1…, the template renders repo@digest.", tools=[B("crane digest registry.internal/worker:1.8"), E("charts/worker/values-prod.yaml"), E("charts/worker/templates/deployment.yaml"), B("helm template charts/worker -f charts/worker/values-prod.yaml | grep image:")]),
      U("and show me helm diff before you apply anything. always. dry run first", "pref"),
      A("Ran helm diff upgrade first; only the image line changes.", tools=[B("helm diff upgrade worker charts/worker -f charts/worker/values-prod.yaml -n prod")]),
    ),
    S("merged", "2026-01-22T14:00:00Z",
      U("bad release of api yesterday took 20 min to roll back. canary?"),
      A("Argo Rollouts gives canary steps with analysis on Prometheus metrics.", tools=[R("charts/api/templates/deployment.yaml")]),
      U("we tried argo rollouts last year for canary, dropped it, the analysis templates were too much work for 2 services. plain helm upgrade --atomic --timeout 5m, it rolls back by itself", "rej"),
      A("The deploy job now runs helm upgrade --install --atomic --timeout 5m; a failed readiness rolls back automatically.", tools=[E(".gitlab-ci.yml"), B("helm upgrade --install api charts/api --atomic --timeout 5m -n staging --dry-run")]),
    ),
    S("abandoned", "2026-02-02T10:00:00Z",
      U("uploads over 10MB fail with 413 on api"),
      A("Checking the ingress.", tools=[R("charts/api/templates/ingress.yaml"), B("kubectl -n prod describe ingress api")]),
      *chatter(8, ["no proxy-body-size annotation", "ingress-nginx default is 1m", "the app itself allows 50MB", "the 413 comes from nginx not the app", "there is a global configmap in ingress-nginx ns", "proxy-read-timeout is 60s", "uploads take 90s on slow links", "the CDN in front has its own limit"], ["charts/api/templates/ingress.yaml", "charts/api/values.yaml"], "kubectl -n ingress-nginx logs deploy/ingress-nginx-controller --tail=50"),
      A("Added nginx.ingress.kubernetes.io/proxy-body-size: 50m and proxy-read-timeout: 300 to charts/api/templates/ingress.yaml; the 413 is gone in staging but uploads over 20MB still fail at the CDN.", "fh0", tools=[E("charts/api/templates/ingress.yaml"), B("helm diff upgrade api charts/api -n staging")]),
      U("CDN is another team. park it, don't merge the ingress change alone", "fh"),
      A("Left the branch unmerged.", tools=[B("git stash")]),
    ),
    S("merged", "2026-02-20T09:00:00Z",
      U("we have the AWS account now. forget sealed-secrets, move to external-secrets with AWS Secrets Manager. one ClusterSecretStore", "dec"),
      A("Installed external-secrets, added a ClusterSecretStore using IRSA, converted the 14 SealedSecrets to ExternalSecret manifests pointing at Secrets Manager keys. docs/secrets.md rewritten.", tools=[B("helm upgrade --install external-secrets external-secrets/external-secrets -n external-secrets --create-namespace"), W("charts/platform/templates/cluster-secret-store.yaml"), E("docs/secrets.md"), B("kubectl get externalsecrets -A")]),
    ),
  ], [
    Q("decision", "payments needs the STRIPE_KEY in the cluster, add it", ["dec"], ["external-secrets"]),
    Q("convention", "deploy the new worker build 1.9 to prod", ["conv"], ["digest"]),
    Q("rejected-approach", "we need safer api releases, progressive traffic shifting maybe", ["rej"], ["argo rollouts", "--atomic"]),
    Q("file-history", "customers still can't upload big files", ["fh0", "fh"], ["ingress.yaml", "CDN"]),
    Q("preference", "roll the new resource limits out to staging", ["pref"], ["helm diff"]),
]))

# d5-p07 Flutter app, non-native English (South Asian register). riverpod decision, arb complaint, Hive
# rejected, build.gradle history in a noisy session, fvm preference in passing.
PROJECTS.append(("dart", "Dart: Flutter delivery app", [
    S("merged", "2026-06-01T06:30:00Z",
      U("State management is mixed, some screens provider, some setState, one bloc. We will go for riverpod only, provider package we are removing. bloc also not required", "dec"),
      A("Migrated the login and home screens to riverpod (flutter_riverpod 2.5, ConsumerWidget); removed provider and flutter_bloc from pubspec.yaml.", tools=[E("pubspec.yaml"), E("lib/screens/login_screen.dart"), E("lib/screens/home_screen.dart"), B("fvm flutter pub get")]),
      U("good. kindly give me fvm flutter commands only, not plain flutter, we are pinning the version", "pref"),
      A("Sure, fvm flutter test passes.", tools=[B("fvm flutter test")]),
    ),
    S("merged", "2026-06-09T07:00:00Z",
      U("add snackbar when order is cancelled"),
      A("Added ScaffoldMessenger snackbar with Text('Order cancelled') in order_detail_screen.dart.", tools=[E("lib/screens/order_detail_screen.dart")]),
      U("Why again hardcoded strings in widgets?? All text must come from the arb files, translators are waiting from last week only", "conv"),
      A("Added orderCancelled to lib/l10n/app_en.arb and app_hi.arb and used AppLocalizations.of(context)!.orderCancelled.", tools=[E("lib/l10n/app_en.arb"), E("lib/l10n/app_hi.arb"), E("lib/screens/order_detail_screen.dart"), B("fvm flutter gen-l10n")]),
    ),
    S("merged", "2026-06-18T08:10:00Z",
      U("android build failing after upgrading kotlin plugin"),
      A("Reading the gradle output.", tools=[B("cd android && ./gradlew assembleDebug --stacktrace 2>&1 | tail -60")]),
      *chatter(7, ["kotlin 1.9.24 needs AGP 8.2", "compileSdk is 33", "jvmTarget mismatch between java 1.8 and kotlin 17", "the google-services plugin is old", "namespace missing in build.gradle", "minSdk 21 fine", "gradle wrapper 8.4"], ["android/app/build.gradle", "android/build.gradle", "android/gradle/wrapper/gradle-wrapper.properties"], "cd android && ./gradlew assembleDebug"),
      A("In android/app/build.gradle: namespace added, compileSdk 34, compileOptions and kotlinOptions both on jvmTarget 17. AGP 8.2.2 in android/build.gradle. Debug and release build.", "fh", [E("android/app/build.gradle"), E("android/build.gradle"), B("cd android && ./gradlew assembleRelease")]),
      U("thanks ya"),
    ),
    S("merged", "2026-06-27T09:00:00Z",
      U("riders need offline list of today deliveries"),
      A("A light option is Hive boxes for key-value caching of the delivery list.", tools=[R("lib/data/delivery_repository.dart")]),
      U("Hive we have tried for offline cache in the rider app v1, it is corrupting the box after app kill on android. drop that. use drift, sqlite is stable", "rej"),
      A("Added drift with a deliveries table and DAO; the repository writes through to it and reads from it when offline.", tools=[E("pubspec.yaml"), W("lib/data/local/app_database.dart"), E("lib/data/delivery_repository.dart"), B("fvm dart run build_runner build")]),
    ),
  ], [
    Q("decision", "cart screen needs state for the item count and total", ["dec"], ["riverpod"]),
    Q("convention", "show 'No deliveries today' when the list is empty", ["conv"], ["arb"]),
    Q("rejected-approach", "cache the product catalogue offline, a simple key value box is enough no?", ["rej"], ["hive", "corrupt"]),
    Q("file-history", "release build broke again after bumping the kotlin version", ["fh"], ["build.gradle", "jvmTarget"]),
    Q("preference", "run the widget tests", ["pref"], ["fvm"]),
]))

# d5-p08 C++ game engine, terse + complaints. simdjson swap (implied), no allocation in tick complaint, EnTT
# rejected, shader_cache.cpp reverted in a noisy session, ninja preference, build.sh -> presets (revised).
PROJECTS.append(("cpp", "C++: game engine", [
    S("merged", "2026-02-02T18:00:00Z",
      U("swapped the json lib to simdjson in the level loader, nlohmann was 40% of load time. make the asset loader use it too", "dec"),
      A("assets/loader.cpp now parses with simdjson::ondemand; asset manifest load went from 310 ms to 70 ms.", tools=[R("src/level/loader.cpp"), E("src/assets/loader.cpp"), B("cmake --build build -j && ./build/bench_load")]),
      U("builds: I use ./build.sh, keep it working"),
      A("build.sh still configures with -G Ninja and builds; ran it.", tools=[B("./build.sh")]),
    ),
    S("merged", "2026-02-09T19:30:00Z",
      U("spawn sparks on hit"),
      A("ParticleSystem::tick now pushes new particles with std::vector::push_back when a hit event arrives.", tools=[E("src/fx/particles.cpp")]),
      U("stop allocating in the update loop. I keep finding push_back in tick(). preallocate at init, pool, fixed capacity", "conv"),
      A("Particles live in a fixed-capacity pool sized at init (4096); tick() only activates free slots. No allocation per frame (checked with the alloc counter).", tools=[E("src/fx/particles.cpp"), E("src/fx/particles.h"), B("./build/game --alloc-report --frames 600")]),
    ),
    S("reverted", "2026-02-17T20:00:00Z",
      U("shader hot reload crashes"),
      A("Reproducing with the debug build.", tools=[B("./build/game --hot-reload 2>&1 | tail -20")]),
      *chatter(7, ["crash in glDeleteProgram on a program still bound", "the reload runs on the file watcher thread", "GL context is current only on the main thread", "the cache map is not locked", "ASan reports use-after-free", "the watcher fires twice per save", "RenderDoc shows the old program id"], ["src/render/shader_cache.cpp", "src/render/shader_cache.h", "src/platform/file_watcher.cpp"], "./build/game --hot-reload"),
      A("Put a mutex around the cache in src/render/shader_cache.cpp and delete the old program from the watcher thread after the swap.", "fh0", tools=[E("src/render/shader_cache.cpp"), B("./build/game --hot-reload")]),
      U("still crashes + the mutex costs 0.3ms per frame. revert. reload must be queued to the main thread, not locked", "fh"),
      A("Reverted shader_cache.cpp. Queuing the reload onto the main thread is the way to go next time.", tools=[B("git checkout -- src/render/shader_cache.cpp")]),
    ),
    S("merged", "2026-02-25T18:45:00Z",
      U("AI components need a lot of entities. ECS lib?"),
      A("EnTT is header-only and widely used; it would replace our hand-rolled component arrays.", tools=[R("src/ecs/world.h")]),
      U("tried EnTT for components last summer, reverted, compile times went 3x. stay with our own SoA arrays in world.h", "rej"),
      A("Added AI components as SoA arrays in world.h (position/target/state columns) with a system in src/ai/steering.cpp.", tools=[E("src/ecs/world.h"), W("src/ai/steering.cpp"), B("cmake --build build -j")]),
    ),
    S("merged", "2026-03-04T19:00:00Z",
      U("drop build.sh. CMakePresets.json now, debug + release + asan presets. ninja generator always", "pref"),
      A("Added CMakePresets.json with debug, release and asan configure presets, all with generator Ninja; removed build.sh; README build section says cmake --preset debug && cmake --build --preset debug.", tools=[W("CMakePresets.json"), B("git rm build.sh"), E("README.md"), B("cmake --preset debug && cmake --build --preset debug")]),
    ),
  ], [
    Q("decision", "parse the new savegame json file", ["dec"], ["simdjson"]),
    Q("convention", "add debris spawning when a crate breaks", ["conv"], ["preallocate"]),
    Q("rejected-approach", "the entity code is getting messy, lets adopt an entity component system library", ["rej"], ["entt", "compile"]),
    Q("file-history", "shader hot reload crashes again, fix it", ["fh0", "fh"], ["shader_cache.cpp", "main thread"]),
    Q("preference", "build it and run the unit tests", ["pref"], ["ninja", "preset"]),
]))


def main():
    projects = []
    for p_no, (language, title, sessions, probes) in enumerate(PROJECTS, 1):
        pid = f"d5-p{p_no:02d}"
        labels = {}
        out_sessions = []
        last = None
        for s_no, (outcome, start, turns) in enumerate(sessions, 1):
            sid = f"{pid}-s{s_no}"
            at = datetime.fromisoformat(start.replace("Z", "+00:00"))
            out_turns = []
            for t_no, (role, text, tools, label) in enumerate(turns, 1):
                tid = f"{sid}-t{t_no}"
                turn = {"id": tid, "role": role, "text": text}
                if tools:
                    turn["tools"] = tools
                turn["at"] = (at + timedelta(minutes=2 * (t_no - 1))).strftime("%Y-%m-%dT%H:%M:%SZ")
                out_turns.append(turn)
                if label:
                    assert label not in labels, (pid, label)
                    labels[label] = tid
            last = at
            out_sessions.append({"id": sid, "outcome": outcome, "startedAt": start, "turns": out_turns})
        probe_at = (last + timedelta(days=6)).strftime("%Y-%m-%dT%H:%M:%SZ")
        out_probes = []
        for q_no, (kind, prompt, need_labels, terms) in enumerate(probes, 1):
            out_probes.append({
                "id": f"{pid}-q{q_no}",
                "kind": kind,
                "at": probe_at,
                "prompt": prompt,
                "needed": [{"kind": kind, "mustMention": terms, "sourceTurnIds": [labels[l] for l in need_labels]}],
            })
        projects.append({"id": pid, "language": language, "title": title, "sessions": out_sessions, "probes": out_probes})
    data = {
        "split": "dev-5",
        "description": "Agent-context bench dev split 5: 8 projects in registers the earlier dev splits lack (terse imperative, non-native English, decisions implied by an action, conventions as complaints, rejected approaches, preferences in passing, a decision revised later, long noisy sessions). Written by a helper before it read the context rules.",
        "projects": projects,
    }
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "scenarios-dev-5.json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1, ensure_ascii=False)
        f.write("\n")


if __name__ == "__main__":
    main()
