"""Writes scenarios-dev-6.json (the agent-context bench's sixth dev split) beside this file.
Registers the earlier dev splits lack: Claude Code's own wrapper text in the turns (slash commands, local
command output, interrupt markers), pasted logs and stack traces, decisions credited to a teammate or a written
record ("per ADR-7", "Priya says"), the agent's proposal accepted with review slang ("lgtm", "ship it", "sgtm"),
rules said as "from now on" / "going forward" / "rule:", preferences about how the agent itself behaves (what
to run, when to ask, how to write commits), and a merged change that a later session found broken.
Turns that settle something carry a label; probes name labels.
Run: python3 tests/bench/data/agent-context/scenarios-dev-6.write.py
     python3 tests/bench/data/agent-context/check-scenarios.py 6
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


CLEAR = "<command-name>/clear</command-name>\n<command-message>clear</command-message>\n<command-args></command-args>"
MCP = "<command-name>/mcp</command-name>\n<command-message>mcp</command-message>\n<command-args></command-args>"
MCP_OUT = "<local-command-stdout>Reconnected to mnemo.</local-command-stdout>"
INTERRUPT = "[Request interrupted by user]"
INTERRUPT_TOOL = "[Request interrupted by user for tool use]"

PROJECTS = []

# d6-p01 Elixir/Phoenix. Wrapper noise; Oban chosen over GenServer timers (agent proposal, "lgtm");
# rule "from now on" on contexts; a migration merged then found locking the table.
PROJECTS.append(("elixir", "Elixir: Phoenix booking service", [
    S("merged", "2026-01-12T09:00:00Z",
      U(MCP),
      U(MCP_OUT),
      U("reminder emails go out twice sometimes. the Process.send_after timers in ReminderServer die on deploy and the retry logic resends"),
      A("The timers live in the GenServer's memory, so a deploy drops them and the boot-time catch-up resends anything not marked sent. I'd move reminders to Oban jobs: they persist in Postgres, survive deploys, and `unique: [period: 3600]` stops the double send.", tools=[R("lib/booking/reminder_server.ex"), G("rg -n send_after lib/")]),
      U("lgtm, do it with oban", "dec"),
      A("Replaced ReminderServer with Booking.Workers.SendReminder (Oban, queue :mailers, unique for an hour). Removed the GenServer from the supervision tree.", tools=[W("lib/booking/workers/send_reminder.ex"), E("lib/booking/application.ex"), E("mix.exs"), B("mix test")]),
      U(INTERRUPT),
      U("also add the oban migration"),
      A("Added the Oban migration (version 12).", tools=[W("priv/repo/migrations/20260112_add_oban_jobs.exs"), B("mix ecto.migrate")]),
    ),
    S("merged", "2026-01-20T10:30:00Z",
      U(CLEAR),
      U("add cancellation fees to bookings"),
      A("Added Booking.cancel/2 that computes the fee and calls Repo.update directly from the controller helper.", tools=[E("lib/booking_web/controllers/booking_controller.ex")]),
      U("from now on: web layer never calls Repo. everything through the context modules (Booking, Accounts). the controller only talks to contexts", "conv"),
      A("Moved the fee computation and the update into Booking.cancel_booking/2 in lib/booking/bookings.ex; the controller calls it.", tools=[E("lib/booking/bookings.ex"), E("lib/booking_web/controllers/booking_controller.ex"), B("mix test test/booking")]),
    ),
    S("merged", "2026-01-27T08:15:00Z",
      U("add an index on bookings.starts_at, the calendar query is slow"),
      A("Added a migration with create index(:bookings, [:starts_at]).", tools=[W("priv/repo/migrations/20260127_index_bookings_starts_at.exs"), B("mix ecto.migrate")]),
      U("ok"),
    ),
    S("merged", "2026-02-03T07:40:00Z",
      U("prod was down 4 minutes during last week's deploy:\n```\n** (Postgrex.Error) ERROR 57014 (query_canceled) canceling statement due to lock timeout\n    (ecto_sql) lib/ecto/adapters/sql.ex:1054: Ecto.Adapters.SQL.raise_sql_call_error/1\n```\nthat index migration locked bookings"),
      A("Yes: create index without concurrently takes a SHARE lock on bookings for the whole build (2.1M rows).", tools=[R("priv/repo/migrations/20260127_index_bookings_starts_at.exs")]),
      U("rule: indexes on big tables always concurrently, with @disable_ddl_transaction and @disable_migration_lock. write it in the README too", "idx"),
      A("Added the rule to README (Migrations section) and a credo check that flags create index without concurrently: true on tables listed as large.", tools=[E("README.md"), W("lib/checks/concurrent_index.ex"), B("mix credo")]),
    ),
  ], [
    Q("decision", "we need to send a follow-up survey 24h after each stay, schedule it", ["dec"], ["oban"]),
    Q("convention", "add a refund endpoint that updates the payment row", ["conv"], ["context"]),
    Q("file-history", "add an index on payments.booking_id", ["idx"], ["concurrently"]),
    Q("preference", "write the migration for the new guests.email index", ["idx"], ["disable_ddl_transaction"]),
]))

# d6-p02 Ruby on Rails. Decision credited to a teammate/ADR; rejected approach (STI) with reason; agent-behaviour
# preference (only run the spec file); file reverted.
PROJECTS.append(("ruby", "Ruby on Rails: marketplace", [
    S("merged", "2026-02-02T13:00:00Z",
      U("we need background jobs for the payout export. sidekiq or good_job?"),
      A("Both work. Sidekiq needs Redis, which we do not run yet; good_job runs on Postgres.", tools=[R("Gemfile")]),
      U("Priya (tech lead) decided in ADR-7: no Redis in this stack, ops can't run it. so good_job", "dec"),
      A("Added good_job, configured it as the ActiveJob adapter, and moved PayoutExportJob onto it.", tools=[E("Gemfile"), E("config/application.rb"), E("app/jobs/payout_export_job.rb"), B("bundle exec rails g good_job:install")]),
      U("btw when you test, run only the spec file you touched, the whole suite takes 14 min. never the full rspec unless I ask", "pref"),
      A("Ran only spec/jobs/payout_export_job_spec.rb: 6 examples, 0 failures.", tools=[B("bundle exec rspec spec/jobs/payout_export_job_spec.rb")]),
    ),
    S("merged", "2026-02-10T10:20:00Z",
      U("sellers and buyers share 80% of fields. one users table with a type column?"),
      A("Single-table inheritance would work: User with Seller and Buyer subclasses.", tools=[R("app/models/seller.rb"), R("app/models/buyer.rb")]),
      U("no STI. we had STI in the old app and every query grew `where type=` bugs and the nullable columns exploded. keep separate tables, share a concern", "rej"),
      A("Extracted the shared fields' behaviour into app/models/concerns/party.rb, included in Seller and Buyer.", tools=[W("app/models/concerns/party.rb"), E("app/models/seller.rb"), E("app/models/buyer.rb"), B("bundle exec rspec spec/models/seller_spec.rb spec/models/buyer_spec.rb")]),
    ),
    S("reverted", "2026-02-18T15:45:00Z",
      U("search page is slow, cache it"),
      A("Wrapped the search results in Rails.cache.fetch keyed by the query string in app/controllers/search_controller.rb, 10 min expiry.", "fh0", tools=[E("app/controllers/search_controller.rb"), B("bundle exec rspec spec/requests/search_spec.rb")]),
      U(INTERRUPT_TOOL),
      U("wait, that caches across sellers' private listings, a buyer saw a draft listing. revert now. the cache key must include the viewer's visibility scope", "fh"),
      A("Reverted search_controller.rb. Any cache there has to key on the viewer's visibility scope, not just the query.", tools=[B("git revert --no-edit HEAD")]),
    ),
  ], [
    Q("decision", "the invoice PDFs should be generated in the background", ["dec"], ["good_job"]),
    Q("rejected-approach", "admins and moderators are almost the same model, put them in one table with a type column", ["rej"], ["STI"]),
    Q("file-history", "the search page is still slow, add caching to it", ["fh0", "fh"], ["search_controller.rb", "visibility"]),
    Q("preference", "add a validation that payout amount is positive and test it", ["pref"], ["spec file"]),
]))

# d6-p03 Swift iOS app. Agent proposal accepted with "ship it"; convention as "going forward"; preference
# about commit messages; rejected approach (Core Data) with reason; long pasted crash log.
PROJECTS.append(("swift", "Swift: iOS habit tracker", [
    S("merged", "2026-03-02T18:00:00Z",
      U("we need local persistence for habits and check-ins. what do you suggest"),
      A("For iOS 17+ I'd use SwiftData: @Model classes, no separate model file, works with SwiftUI's @Query. Core Data would also work but needs the .xcdatamodeld and NSManagedObject boilerplate.", tools=[R("HabitTracker/Models/Habit.swift")]),
      U("we tried Core Data in v1 and the migrations corrupted stores on two users' phones. not again.", "rej"),
      A("Then SwiftData with a VersionedSchema from day one, so migrations are explicit.", "dec0"),
      U("ship it", "dec"),
      A("Added HabitSchemaV1 (VersionedSchema) with Habit and CheckIn @Model classes and a ModelContainer in HabitTrackerApp.swift.", tools=[W("HabitTracker/Models/HabitSchemaV1.swift"), E("HabitTracker/HabitTrackerApp.swift"), B("xcodebuild test -scheme HabitTracker -destination 'platform=iOS Simulator,name=iPhone 15'")]),
      U("commit it. and my commit messages are conventional commits, feat:/fix:/chore:, lowercase, no period", "pref"),
      A("Committed: `feat: persist habits with swiftdata`.", tools=[B("git commit -am 'feat: persist habits with swiftdata'")]),
    ),
    S("merged", "2026-03-09T19:10:00Z",
      U("app crashes on launch for some testers:\n```\nThread 1: Fatal error: 'try!' expression unexpectedly raised an error: SwiftData.SwiftDataError(_error: SwiftData.SwiftDataError._Error.loadIssueModelContainer)\n0   libswiftCore.dylib  0x1a2b3c4d _assertionFailure\n1   HabitTracker        0x100045678 HabitTrackerApp.init() + 412\n2   HabitTracker        0x100046000 main + 28\n```"),
      A("HabitTrackerApp.init force-tries the ModelContainer; a store from a TestFlight build with a different schema fails to load.", tools=[R("HabitTracker/HabitTrackerApp.swift")]),
      U("going forward no try! or force unwraps outside of tests. handle the error, show a recovery screen", "conv"),
      A("ModelContainer creation now catches the error and shows StoreRecoveryView with export-and-reset; removed the other two try! in Models/.", tools=[E("HabitTracker/HabitTrackerApp.swift"), W("HabitTracker/Views/StoreRecoveryView.swift"), E("HabitTracker/Models/HabitSchemaV1.swift"), B("swiftlint")]),
    ),
    S("merged", "2026-03-16T20:00:00Z",
      U(CLEAR),
      U("streak widget"),
      A("Added a WidgetKit extension StreakWidget reading the shared App Group container.", tools=[W("StreakWidget/StreakWidget.swift"), E("HabitTracker.xcodeproj/project.pbxproj")]),
      U("👍"),
    ),
  ], [
    Q("decision", "add a notes field to each check-in and save it", ["dec0", "dec"], ["SwiftData"]),
    Q("rejected-approach", "SwiftData is limited, should we switch persistence to core data for the migration tools?", ["rej"], ["Core Data", "corrupt"]),
    Q("convention", "load the user's settings json from the bundle at startup", ["conv"], ["try!"]),
    Q("preference", "commit the widget changes", ["pref"], ["conventional commits"]),
]))

# d6-p04 Terraform. Decision by a teammate in a pasted Slack message; "sgtm"; reverted apply; preference to
# plan before apply and ask first.
PROJECTS.append(("terraform", "Terraform: AWS platform", [
    S("merged", "2026-04-06T08:00:00Z",
      U("> from Marco in #infra: \"state for every env goes to the S3 backend with DynamoDB locking, no more local tfstate on laptops\"\nset that up for staging and prod"),
      A("Added backend \"s3\" blocks with dynamodb_table = \"tf-locks\" for envs/staging and envs/prod, and a bootstrap module for the bucket and table.", "dec", tools=[E("envs/staging/backend.tf"), E("envs/prod/backend.tf"), W("bootstrap/main.tf"), B("terraform -chdir=envs/staging init -migrate-state")]),
      U("never run terraform apply yourself. plan only, paste me the plan, I apply", "pref"),
      A("Understood. Plan for staging: 0 to add, 0 to change, 0 to destroy after the state migration.", tools=[B("terraform -chdir=envs/staging plan")]),
    ),
    S("reverted", "2026-04-14T09:30:00Z",
      U("bump the RDS instance to db.r6g.xlarge in prod"),
      A("Changed instance_class in modules/rds/main.tf and set apply_immediately = true so it takes effect now.", tools=[E("modules/rds/main.tf"), B("terraform -chdir=envs/prod plan")]),
      U("that apply_immediately rebooted the primary at 11am, 6 min outage. reverted. instance changes only in the maintenance window, apply_immediately stays false", "fh"),
      A("Reverted modules/rds/main.tf; apply_immediately is false again, the class change waits for the Sunday window.", tools=[B("git revert --no-edit HEAD")]),
    ),
    S("merged", "2026-04-21T10:00:00Z",
      U("do we write our own VPC module or use the community one?"),
      A("terraform-aws-modules/vpc/aws covers our layout (3 AZs, private + public subnets, one NAT per AZ); our own would be ~300 lines to maintain.", "dec20", tools=[R("modules/network/main.tf")]),
      U("sgtm, community vpc module, pinned to a major", "dec2"),
      A("modules/network now wraps terraform-aws-modules/vpc/aws ~> 5.0.", tools=[E("modules/network/main.tf"), B("terraform -chdir=envs/staging plan")]),
    ),
  ], [
    Q("decision", "set up the new sandbox env, where should its state live?", ["dec"], ["DynamoDB"]),
    Q("preference", "add the new security group and apply it to staging", ["pref"], ["apply", "plan"]),
    Q("file-history", "prod database is at 90% CPU, resize the rds instance", ["fh"], ["apply_immediately"]),
    Q("decision", "we need a second VPC for the analytics account", ["dec20", "dec2"], ["terraform-aws-modules"]),
]))

# d6-p05 Kotlin Android. Long assistant report with the decision inside a bullet list, user answers "go with
# option 2"; convention in a pasted review comment; interrupted session left open.
PROJECTS.append(("kotlin", "Kotlin: Android field-service app", [
    S("merged", "2026-05-04T07:30:00Z",
      U("offline sync keeps conflicting when two technicians edit the same job"),
      A("Three ways to handle it:\n1. Last write wins on the whole job (simple, loses edits).\n2. Field-level merge with a per-field updatedAt, server decides per field.\n3. CRDTs (Automerge) on the job document.\nI'd do 2: our edits rarely touch the same field, and it needs no new library.", "dec0", tools=[R("app/src/main/java/com/fs/sync/SyncWorker.kt")]),
      U("go with option 2", "dec"),
      A("SyncWorker now sends per-field updatedAt; the server merge in JobMerge.kt keeps the newer value per field.", tools=[E("app/src/main/java/com/fs/sync/SyncWorker.kt"), W("app/src/main/java/com/fs/sync/JobMerge.kt"), B("./gradlew :app:testDebugUnitTest")]),
    ),
    S("merged", "2026-05-12T08:45:00Z",
      U("review comment from Ana on my PR, apply it everywhere:\n> Please don't use GlobalScope. Coroutines must be launched in viewModelScope or a scope we inject, otherwise they leak past the screen."),
      A("Replaced the four GlobalScope.launch calls with viewModelScope.launch in the view models and an injected applicationScope in the repository.", "conv", tools=[G("rg -n GlobalScope app/src"), E("app/src/main/java/com/fs/jobs/JobsViewModel.kt"), E("app/src/main/java/com/fs/jobs/JobsRepository.kt"), E("app/src/main/java/com/fs/di/AppModule.kt")]),
      U("thx"),
    ),
    S("unknown", "2026-05-20T16:00:00Z",
      U("photo upload from the job screen fails on slow networks, make uploads resumable"),
      A("Starting on a WorkManager-based upload with chunking in PhotoUploadWorker.kt; chunks of 512 KB with a resume offset stored in Room.", "open0", tools=[W("app/src/main/java/com/fs/photos/PhotoUploadWorker.kt"), E("app/src/main/java/com/fs/photos/PhotoDao.kt")]),
      U(INTERRUPT),
      U("stop here, the backend doesn't support ranged uploads yet. Jonas is adding tus on the server next sprint, we continue after that", "open"),
      A("Stopped. PhotoUploadWorker.kt is a draft, not wired in; it waits for the server's tus endpoint.", tools=[]),
    ),
  ], [
    Q("decision", "customers can also edit the job notes offline now, how do we merge their edits", ["dec0", "dec"], ["field"]),
    Q("convention", "refresh the technician list every 5 minutes in the background while the app is open", ["conv"], ["viewModelScope"]),
    Q("file-history", "the server has tus now, let's finish the resumable photo uploads", ["open0", "open"], ["PhotoUploadWorker", "tus"]),
]))

# d6-p06 Python FastAPI. Decision said in a question-answer with a typo; settled rule "make sure"; rejected
# Celery with reason; preference about answer length.
PROJECTS.append(("python", "Python: FastAPI document service", [
    S("merged", "2026-06-01T09:00:00Z",
      U("pydantic v1 or v2 for the new service?"),
      A("v2: it is 5-20x faster at validation and v1 is in maintenance only. FastAPI 0.100+ supports it.", tools=[]),
      U("v2. and make sure every request model has model_config = ConfigDict(extra='forbid'), we got burned by typo'd fields silently ignored", "conv"),
      A("Set up the app on pydantic v2; DocumentCreate and DocumentPatch forbid extra fields; a test posts an unknown field and gets 422.", "dec", tools=[W("app/schemas.py"), W("tests/test_schemas.py"), B("pytest -q tests/test_schemas.py")]),
      U("keep your answers short btw. no summaries of what you did at the end, I read the diff", "pref"),
    ),
    S("merged", "2026-06-09T10:15:00Z",
      U("OCR of uploaded PDFs takes 40s, can't do it in the request. celery?"),
      A("Celery with a Redis broker is the usual choice.", tools=[R("app/main.py")]),
      U("not celery, we ran it in the last project and the workers silently stopped consuming after broker reconnects. use arq, it's asyncio native and tiny", "rej"),
      A("OCR now runs as an arq job (app/worker.py, function ocr_document); the upload route enqueues it and returns 202.", tools=[W("app/worker.py"), E("app/routes/upload.py"), E("pyproject.toml"), B("pytest -q tests/test_upload.py")]),
    ),
    S("abandoned", "2026-06-16T14:00:00Z",
      U("try streaming the OCR text back over websockets as pages finish"),
      A("Added a /ws/ocr/{doc_id} endpoint in app/routes/ws.py that subscribes to page events.", tools=[W("app/routes/ws.py"), B("pytest -q")]),
      U("forget it. the load balancer kills idle websockets after 60s and infra won't change it. we'll poll instead, later", "fh"),
    ),
  ], [
    Q("convention", "add a PATCH /documents/{id}/tags endpoint with its request body", ["conv"], ["extra"]),
    Q("rejected-approach", "thumbnail generation should go to a task queue, set up celery for it", ["rej"], ["arq"]),
    Q("file-history", "push OCR progress to the browser live", ["fh"], ["websocket", "60s"]),
    Q("preference", "rename the field owner to owner_id everywhere", ["pref"], ["short"]),
]))


def main():
    projects = []
    for p_no, (language, title, sessions, probes) in enumerate(PROJECTS, 1):
        pid = f"d6-p{p_no:02d}"
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
        "split": "dev-6",
        "description": "Agent-context bench dev split 6: 6 projects in registers the earlier dev splits lack (Claude Code wrapper text in turns, pasted logs and stack traces, decisions credited to a teammate or an ADR, proposals accepted with review slang, 'from now on' rules, preferences about the agent's own behaviour, a merged change found broken later, an interrupted session left open). Written before this session changed any rule.",
        "projects": projects,
    }
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "scenarios-dev-6.json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1, ensure_ascii=False)
        f.write("\n")


if __name__ == "__main__":
    main()
