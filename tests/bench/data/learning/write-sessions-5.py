"""Writes sessions-5.json: a fifth dev split for bench:learning, of failed work and its hard negatives.

Written for tuning (dev, not blind), from a brief naming kinds of input, by a helper who had not read the
learning code; no blind item was read. Three projects in stacks the other splits lack (Java/Spring,
Elixir/Phoenix, C#/.NET). What it stresses:
- groups of 2-3 failed attempts at one task, weeks apart, each worded anew, touching overlapping but
  unequal files and failing with other errors;
- hard negatives: failed sessions at another task in the same files and folders, with the group's
  vocabulary (the same module, test file, exception type or framework words), which must stay apart;
- merged sessions in those same files (not failures, so in no failed cluster);
- failed attempts never retried (singletons), a few skill repeats, sessions with no verdict.
"""
import json


def t(name, file=None, command=None, error=None):
    d = {"name": name}
    if file:
        d["file"] = file
    if command:
        d["command"] = command
    if error:
        d["error"] = error
    return d


def session(sid, date, outcome, script, closing="Done."):
    """A session from a script: a string is the person's turn, a (role, text) pair a turn of that role, a list
    an assistant turn's tool calls."""
    turns = []
    for i, item in enumerate(script):
        if isinstance(item, str):
            turns.append({"id": f"{sid}-{i}", "role": "user", "text": item})
        elif isinstance(item, tuple):
            turns.append({"id": f"{sid}-{i}", "role": item[0], "text": item[1]})
        else:
            turns.append({"id": f"{sid}-{i}", "role": "assistant", "text": "Let me look at that.", "tools": item})
    turns.append({"id": f"{sid}-end", "role": "assistant", "text": closing})
    return {"id": sid, "startedAt": f"2026-{date}T10:15:00Z", "outcome": outcome, "turns": turns}


CLEAR = "<command-name>/clear</command-name>\n<command-message>clear</command-message>\n<command-args></command-args>"
LOCAL = "<local-command-stdout></local-command-stdout>"
INTERRUPTED = "[Request interrupted by user for tool use]"


def ide(path):
    return (f"<ide_opened_file>The user opened the file {path} in the IDE. This may or may not be related to "
            "the current task.</ide_opened_file>")


# ---------------------------------------------------------------------------------------------------------------
# orderdesk: a Spring Boot + JPA/Hibernate order service (Java, Gradle), relative paths
J = "src/main/java/com/orderdesk"
JT = "src/test/java/com/orderdesk"
MIG = "src/main/resources/db/migration"

orderdesk = [
    # failed: the order detail endpoint dies on lazy-loaded lines (three attempts over eight weeks)
    session("od-lazy-1", "09-03", "reverted", [
        "GET /api/orders/{id} throws LazyInitializationException when Jackson serializes the order lines. Fix it.",
        [t("Read", f"{J}/order/OrderController.java"), t("Read", f"{J}/order/Order.java"),
         t("Edit", f"{J}/order/Order.java"),
         t("Bash", command="./gradlew test --tests '*OrderControllerTest'",
           error="org.hibernate.LazyInitializationException: could not initialize proxy [com.orderdesk.order.Order#17] - no Session"),
         t("Edit", f"{J}/order/OrderService.java"), t("Bash", command="./gradlew test --tests '*OrderControllerTest'")],
    ], closing="Passes with FetchType.EAGER on lines; that loads every line for every list query, so it was reverted."),
    session("od-lazy-2", "09-24", "abandoned", [
        "hey", "order detail 500s whenever the order has line items. some hibernate proxy thing. can we use an entity graph?",
        [t("Read", f"{J}/order/OrderRepository.java"), t("Edit", f"{J}/order/OrderRepository.java"),
         t("Bash", command="./gradlew bootRun"),
         t("Bash", command="curl -s localhost:8080/api/orders/17",
           error="HttpMessageNotWritableException: Could not write JSON: failed to lazily initialize a collection of role: com.orderdesk.order.Order.lines, could not initialize proxy - no Session")],
        INTERRUPTED, "never mind, later",
    ]),
    session("od-lazy-3", "10-29", "reverted", [
        ide(f"{J}/order/OrderController.java") + "\nStop returning the JPA entity from the order endpoint: map it to an OrderDetailDto inside the transaction.",
        [t("Write", f"{J}/order/OrderDetailDto.java"), t("Edit", f"{J}/order/OrderService.java"),
         t("Edit", f"{J}/order/OrderController.java"), t("Edit", f"{J}/order/OrderRepository.java"),
         t("Bash", command="./gradlew test",
           error="org.hibernate.loader.MultipleBagFetchException: cannot simultaneously fetch multiple bags: [com.orderdesk.order.Order.lines, com.orderdesk.order.Order.payments]")],
    ], closing="Reverted: the fetch join over two bags fails at startup."),
    # hard negatives in the order package: another task, the same entity, service and Hibernate words
    session("od-optlock", "09-15", "reverted", [
        "Two warehouse pickers updating the same order at once: one of them gets ObjectOptimisticLockingFailureException. Retry the update instead of failing.",
        [t("Read", f"{J}/order/OrderService.java"), t("Read", f"{J}/order/Order.java"),
         t("Edit", f"{J}/order/OrderService.java"), t("Edit", "build.gradle"),
         t("Bash", command="./gradlew test --tests '*OrderServiceTest'",
           error="org.springframework.orm.ObjectOptimisticLockingFailureException: Row was updated or deleted by another transaction (or unsaved-value mapping was incorrect) : [com.orderdesk.order.Order#17]")],
    ], closing="@Retryable retried inside the same transaction, so it failed the same way; reverted."),
    session("od-n1", "10-08", "abandoned", [
        "The orders list is slow: Hibernate logs one select per order to load the customer. Fix the N+1 on /api/orders.",
        [t("Read", f"{J}/order/OrderRepository.java"), t("Edit", f"{J}/order/OrderRepository.java"),
         t("Edit", f"{J}/order/OrderController.java"), t("Edit", "src/main/resources/application.yml"),
         t("Bash", command="./gradlew test --tests '*OrderRepositoryTest'",
           error="org.opentest4j.AssertionFailedError: expected: <2> but was: <51>\n\tat com.orderdesk.order.OrderRepositoryTest.listsOrdersInTwoQueries")],
    ]),
    # failed: money as doubles loses cents (two attempts, six weeks apart, other files)
    session("od-money-1", "09-10", "reverted", [
        "Order totals are off by a cent now and then because prices are doubles. Move Money to BigDecimal and the price columns to numeric.",
        [t("Read", f"{J}/common/Money.java"), t("Edit", f"{J}/common/Money.java"), t("Edit", f"{J}/order/OrderLine.java"),
         t("Write", f"{MIG}/V14__prices_numeric.sql"),
         t("Bash", command="./gradlew test --tests '*MoneyTest'",
           error="org.opentest4j.AssertionFailedError: expected: <10.10> but was: <10.1>\n\tat com.orderdesk.common.MoneyTest.addsPrices")],
    ], closing="BigDecimal.equals compares scale; half the tests fail. Reverted."),
    session("od-money-2", "10-22", "abandoned", [
        "3 x 3.33 comes out as 10.00 on the invoice. Keep amounts as long cents everywhere instead of decimals?",
        [t("Read", f"{J}/invoice/InvoiceCalculator.java"), t("Edit", f"{J}/common/Money.java"),
         t("Edit", f"{J}/invoice/InvoiceCalculator.java"), t("Write", f"{MIG}/V17__amounts_in_cents.sql"),
         t("Bash", command="./gradlew flywayMigrate test",
           error="org.postgresql.util.PSQLException: ERROR: column \"amount\" is of type bigint but expression is of type numeric")],
        "drop it, too much for this sprint",
    ]),
    # hard negatives: the migrations folder and Flyway; the invoice calculator and rounding
    session("od-flyway", "09-30", "reverted", [
        "Staging won't start: Flyway says the checksum of V12 doesn't match. Someone edited an applied migration.",
        [t("Read", f"{MIG}/V12__order_status_index.sql"), t("Edit", f"{MIG}/V12__order_status_index.sql"),
         t("Edit", "src/main/resources/application.yml"),
         t("Bash", command="./gradlew flywayValidate",
           error="org.flywaydb.core.api.exception.FlywayValidateException: Validate failed: Migrations have failed validation\nMigration checksum mismatch for migration version 12")],
    ]),
    session("od-vat", "11-05", "abandoned", [
        "German VAT is rounded per line but the tax office wants it per invoice total. Invoices are a cent under.",
        [t("Read", f"{J}/invoice/InvoiceCalculator.java"), t("Read", f"{J}/invoice/TaxRule.java"),
         t("Edit", f"{J}/invoice/InvoiceCalculator.java"), t("Edit", f"{JT}/invoice/InvoiceCalculatorTest.java"),
         t("Bash", command="./gradlew test --tests '*InvoiceCalculatorTest'",
           error="org.opentest4j.AssertionFailedError: expected: <19.00> but was: <18.99>\n\tat com.orderdesk.invoice.InvoiceCalculatorTest.roundsVatOnTheTotal")],
    ]),
    # merged work in the same files
    session("od-shipped", "10-01", "merged", [
        "Add a shippedAt timestamp to Order and return it from the order detail endpoint.",
        [t("Edit", f"{J}/order/Order.java"), t("Write", f"{MIG}/V15__order_shipped_at.sql"),
         t("Edit", f"{J}/order/OrderController.java"),
         t("Bash", command="./gradlew test", error="org.opentest4j.AssertionFailedError: expected: <null> but was: <2026-10-01T10:00Z>"),
         t("Edit", f"{JT}/order/OrderControllerTest.java"), t("Bash", command="./gradlew test")],
    ]),
    session("od-cancel", "11-12", "merged", [
        "OrderService.cancel has no tests. Add some, including cancelling an already shipped order.",
        [t("Read", f"{J}/order/OrderService.java"), t("Edit", f"{JT}/order/OrderServiceTest.java"),
         t("Bash", command="./gradlew test --tests '*OrderServiceTest'")],
    ]),
    # failed once, never retried
    session("od-events", "11-18", "abandoned", [
        "Publish OrderPlaced to Kafka. Problem: the shipping listener sometimes reads the order before our transaction commits.",
        [t("Write", f"{J}/order/OrderEventsPublisher.java"), t("Edit", f"{J}/order/OrderService.java"),
         t("Bash", command="./gradlew integrationTest",
           error="jakarta.persistence.EntityNotFoundException: Unable to find com.orderdesk.order.Order with id 9912")],
    ]),
    # skill: one more actuator health indicator for a downstream system
    session("od-health-1", "09-17", "merged", [
        "Add an actuator health indicator for the payment gateway so k8s stops routing to us when it's down.",
        [t("Write", f"{J}/health/PaymentGatewayHealthIndicator.java"), t("Edit", "src/main/resources/application.yml"),
         t("Write", f"{JT}/health/PaymentGatewayHealthIndicatorTest.java"), t("Bash", command="./gradlew test --tests '*Health*'")],
    ]),
    session("od-health-2", "11-09", "merged", [
        CLEAR, LOCAL, "same kind of health check for the warehouse API please",
        [t("Read", f"{J}/health/PaymentGatewayHealthIndicator.java"), t("Write", f"{J}/health/WarehouseApiHealthIndicator.java"),
         t("Write", f"{JT}/health/WarehouseApiHealthIndicatorTest.java"), t("Edit", "src/main/resources/application.yml"),
         t("Bash", command="./gradlew test --tests '*Health*'")],
    ]),
    session("od-ask", "10-15", "unknown", [
        "What's the difference between @Transactional(readOnly = true) and no annotation on a repository call?",
        [t("Read", f"{J}/order/OrderService.java")],
    ]),
]

# ---------------------------------------------------------------------------------------------------------------
# relay: a Phoenix LiveView chat app with Oban jobs (Elixir), absolute paths
R = "/home/ines/src/relay"


def r(path):
    return f"{R}/{path}"


relay = [
    # failed: messages shown twice after a LiveView reconnect (three attempts, ten weeks)
    session("rl-dup-1", "09-02", "reverted", [
        "After a LiveView reconnect the chat room shows every message twice.",
        [t("Read", r("lib/relay_web/live/room_live.ex")), t("Read", r("lib/relay/chat.ex")),
         t("Edit", r("lib/relay_web/live/room_live.ex")),
         t("Bash", command="mix test test/relay_web/live/room_live_test.exs",
           error="1) test reconnect keeps the history (RelayWeb.RoomLiveTest)\n     Assertion with == failed\n     code:  assert length(messages) == 3\n     left:  6\n     right: 3")],
    ]),
    session("rl-dup-2", "09-29", "abandoned", [
        "when my laptop wakes up from sleep the room has doubled messages. only subscribe to pubsub when connected?(socket)?",
        [t("Edit", r("lib/relay_web/live/room_live.ex")), t("Edit", r("lib/relay_web/live/room_live.html.heex")),
         t("Bash", command="mix phx.server",
           error="** (ArgumentError) streams can only be consumed directly by a for comprehension.")],
        "ugh. leave it",
    ]),
    session("rl-dup-3", "11-10", "reverted", [
        CLEAR, LOCAL,
        "Convert the room's messages to a LiveView stream with reset on rejoin so nothing gets appended a second time.",
        [t("Edit", r("lib/relay_web/live/room_live.ex")), t("Edit", r("lib/relay_web/live/room_live.html.heex")),
         t("Edit", r("test/relay_web/live/room_live_test.exs")),
         t("Bash", command="mix test test/relay_web/live",
           error="** (KeyError) key :dom_id not found in: %{__struct__: Relay.Chat.Message, id: 41, body: \"hi\"}")],
    ], closing="Green locally, but older clients broke on deploy; reverted."),
    # hard negatives: the same LiveView and the chat context, another task
    session("rl-typing", "10-06", "abandoned", [
        "The 'Ana is typing…' indicator in a room sticks forever when the other person closes the tab.",
        [t("Read", r("lib/relay_web/live/room_live.ex")), t("Edit", r("lib/relay_web/live/room_live.ex")),
         t("Edit", r("lib/relay_web/presence.ex")),
         t("Bash", command="mix test test/relay_web/live/room_live_test.exs",
           error="** (FunctionClauseError) no function clause matching in RelayWeb.RoomLive.handle_info/2")],
    ]),
    session("rl-unread", "10-20", "reverted", [
        "The unread badge in the sidebar counts my own messages in the room. It should only count other people's.",
        [t("Read", r("lib/relay/chat.ex")), t("Edit", r("lib/relay/chat.ex")),
         t("Edit", r("lib/relay_web/live/sidebar_component.ex")), t("Edit", r("test/relay/chat_test.exs")),
         t("Bash", command="mix test test/relay/chat_test.exs",
           error="1) test unread_count/2 ignores own messages (Relay.ChatTest)\n     Assertion with == failed\n     left:  1\n     right: 0")],
    ], closing="The count query got slow on big rooms; reverted."),
    session("rl-edit-msg", "11-03", "merged", [
        "Let people edit their own message within 5 minutes, in the room view.",
        [t("Edit", r("lib/relay/chat.ex")), t("Edit", r("lib/relay_web/live/room_live.ex")),
         t("Edit", r("lib/relay_web/live/room_live.html.heex")),
         t("Bash", command="mix test", error="1) test edit after 5 minutes is refused (RelayWeb.RoomLiveTest)\n     Assertion with == failed"),
         t("Edit", r("lib/relay/chat.ex")), t("Bash", command="mix test")],
    ]),
    # failed: the daily digest goes out twice (two attempts a month apart, another theory each time)
    session("rl-digest-1", "09-08", "reverted", [
        "Some users get the daily digest email twice. Make the Oban digest job unique per user and day.",
        [t("Read", r("lib/relay/workers/digest_worker.ex")), t("Edit", r("lib/relay/workers/digest_worker.ex")),
         t("Edit", r("config/config.exs")),
         t("Bash", command="mix test test/relay/workers/digest_worker_test.exs",
           error="** (ExUnit.AssertionError) Expected exactly 1 email to be delivered, but 2 were delivered")],
    ]),
    session("rl-digest-2", "10-13", "abandoned", [
        "Sydney people got yesterday's summary and today's within the same morning. Schedule the summary mail per user time zone?",
        [t("Read", r("lib/relay/accounts/user.ex")), t("Edit", r("lib/relay/workers/digest_worker.ex")),
         t("Edit", r("config/runtime.exs")),
         t("Bash", command="mix test",
           error="** (Ecto.Query.CastError) value `\"Australia/Sydney\"` in `where` cannot be cast to type :utc_datetime in query")],
    ]),
    # hard negatives: another Oban worker in the same folder and config; merged work on the digest itself
    session("rl-thumb", "09-22", "reverted", [
        "The thumbnail worker retries forever on a corrupt upload. Give up after 3 attempts and mark the upload broken.",
        [t("Read", r("lib/relay/workers/thumbnail_worker.ex")), t("Edit", r("lib/relay/workers/thumbnail_worker.ex")),
         t("Edit", r("config/config.exs")),
         t("Bash", command="mix test test/relay/workers",
           error="** (Oban.PerformError) Relay.Workers.ThumbnailWorker failed with {:error, :invalid_image}")],
    ]),
    session("rl-digest-subject", "10-27", "merged", [
        "Digest email: put the names of the busiest two rooms in the subject line.",
        [t("Edit", r("lib/relay/workers/digest_worker.ex")), t("Edit", r("lib/relay/emails/digest_email.ex")),
         t("Bash", command="mix test test/relay/workers/digest_worker_test.exs")],
    ]),
    # failed once, never retried
    session("rl-release", "11-16", "abandoned", [
        "The Docker build fails at mix release: could not compile dependency :bcrypt_elixir.",
        [t("Read", r("Dockerfile")), t("Edit", r("Dockerfile")), t("Edit", r("mix.exs")),
         t("Bash", command="docker build .",
           error="** (Mix) Could not compile dependency :bcrypt_elixir, \"mix compile\" failed. make: cc: No such file or directory")],
    ]),
    # skill: a generated LiveView CRUD for one more resource
    session("rl-gen-1", "09-14", "merged", [
        "Scaffold a LiveView CRUD for room announcements and add it to the router.",
        [t("Bash", command="mix phx.gen.live Chat Announcement announcements body:text room_id:references:rooms"),
         t("Edit", r("lib/relay_web/router.ex")), t("Bash", command="mix ecto.migrate"), t("Bash", command="mix test")],
    ]),
    session("rl-gen-2", "10-16", "merged", [
        "we want polls in rooms. generate the live pages like announcements",
        [t("Bash", command="mix phx.gen.live Chat Poll polls question:string room_id:references:rooms"),
         t("Edit", r("lib/relay_web/router.ex")),
         t("Bash", command="mix ecto.migrate", error="** (Postgrex.Error) ERROR 42P01 (undefined_table) relation \"rooms\" does not exist"),
         t("Bash", command="mix ecto.create"), t("Bash", command="mix ecto.migrate"), t("Bash", command="mix test")],
    ]),
    session("rl-gen-3", "11-24", "merged", [
        "Bookmarks: users can pin messages. Same scaffolding as polls and announcements.",
        [t("Bash", command="mix phx.gen.live Chat Bookmark bookmarks message_id:references:messages"),
         t("Edit", r("lib/relay_web/router.ex")), t("Bash", command="mix ecto.migrate"), t("Bash", command="mix test")],
    ]),
    session("rl-ask", "10-02", "unknown", [
        "When does mount/3 run twice in a LiveView and why?",
        [t("Read", r("lib/relay_web/live/room_live.ex"))],
    ]),
]

# ---------------------------------------------------------------------------------------------------------------
# tessera: an ASP.NET Core API with EF Core and xUnit (C#), relative paths
A = "src/Tessera.Api"
D = "src/Tessera.Data"
T = "tests/Tessera.Api.Tests"

tessera = [
    # failed: 401s after the signing key rotation (three attempts, seven weeks)
    session("ts-jwt-1", "09-04", "reverted", [
        "Since we rotated the JWT signing key every call from the mobile app is 401. Accept the old and the new key for a while.",
        [t("Read", f"{A}/Auth/JwtSetup.cs"), t("Edit", f"{A}/Auth/JwtSetup.cs"), t("Edit", f"{A}/appsettings.json"),
         t("Bash", command="dotnet test",
           error="Microsoft.IdentityModel.Tokens.SecurityTokenSignatureKeyNotFoundException: IDX10503: Signature validation failed. Token does not have a kid. Keys tried: '[PII is hidden]'.")],
    ]),
    session("ts-jwt-2", "10-01", "abandoned", [
        ide(f"{A}/Program.cs") + "\niOS still gets unauthorized after the overnight key rollover. Could we read the keys from our JWKS endpoint instead of appsettings?",
        [t("Edit", f"{A}/Auth/JwtSetup.cs"), t("Edit", f"{A}/Program.cs"), t("Edit", f"{T}/AuthTests.cs"),
         t("Bash", command="dotnet test --filter AuthTests",
           error="IDX10500: Signature validation failed. No security keys were provided to validate the signature.")],
        "park this",
    ]),
    session("ts-jwt-3", "10-23", "reverted", [
        "Issue tokens with a kid header and pick the validation key by kid, so the next rotation doesn't log everyone out.",
        [t("Read", f"{A}/Auth/TokenIssuer.cs"), t("Edit", f"{A}/Auth/TokenIssuer.cs"), t("Edit", f"{A}/Auth/JwtSetup.cs"),
         t("Bash", command="dotnet test --filter AuthTests",
           error="Assert.Equal() Failure\nExpected: 200\nActual:   401\n   at Tessera.Api.Tests.AuthTests.OldTokenStillWorksAfterRotation()")],
    ], closing="Reverted: tokens issued before the change have no kid."),
    # hard negatives: the same token code and auth tests, another task; a 401-looking CORS failure
    session("ts-refresh", "09-18", "reverted", [
        "A refresh token still works after logout. Revoke refresh tokens on logout.",
        [t("Read", f"{A}/Auth/TokenIssuer.cs"), t("Edit", f"{A}/Auth/TokenIssuer.cs"), t("Write", f"{A}/Auth/RefreshTokenStore.cs"),
         t("Edit", f"{T}/AuthTests.cs"),
         t("Bash", command="dotnet test --filter AuthTests",
           error="Assert.Equal() Failure\nExpected: 401\nActual:   200\n   at Tessera.Api.Tests.AuthTests.RefreshAfterLogoutIsRejected()")],
    ]),
    session("ts-cors", "10-09", "abandoned", [
        "The new web app domain gets blocked calling /api/auth/token. Fix the CORS setup.",
        [t("Read", f"{A}/Program.cs"), t("Edit", f"{A}/Program.cs"), t("Edit", f"{A}/appsettings.json"),
         t("Bash", command="dotnet run --project src/Tessera.Api"),
         t("Bash", command="curl -i -X OPTIONS https://localhost:5001/api/auth/token",
           error="HTTP/1.1 405 Method Not Allowed\nNo 'Access-Control-Allow-Origin' header is present on the requested resource.")],
    ]),
    session("ts-claims", "11-02", "merged", [
        "Put the tenant id in the tokens we issue as a claim.",
        [t("Edit", f"{A}/Auth/TokenIssuer.cs"), t("Edit", f"{T}/AuthTests.cs"), t("Bash", command="dotnet test --filter AuthTests")],
    ]),
    # failed: the usage report for big tenants never completes (two attempts six weeks apart)
    session("ts-report-1", "09-11", "abandoned", [
        "The monthly usage report times out for our biggest tenants.",
        [t("Read", f"{A}/Reports/UsageReportService.cs"), t("Read", f"{D}/Queries/UsageQuery.cs"),
         t("Edit", f"{D}/Queries/UsageQuery.cs"),
         t("Bash", command="dotnet test --filter UsageReport",
           error="Npgsql.NpgsqlException (0x80004005): Exception while reading from stream\n ---> System.TimeoutException: Timeout during reading attempt")],
    ]),
    session("ts-report-2", "10-26", "reverted", [
        CLEAR, LOCAL,
        "Acme's usage CSV never downloads, the request dies after 30s. Stream the rows to the response instead of building the file in memory.",
        [t("Edit", f"{A}/Reports/UsageReportController.cs"), t("Edit", f"{A}/Reports/UsageReportService.cs"),
         t("Write", f"{A}/Reports/CsvStreamWriter.cs"),
         t("Bash", command="dotnet test",
           error="System.InvalidOperationException: Synchronous operations are disallowed. Call WriteAsync or set AllowSynchronousIO to true instead.")],
    ]),
    # hard negatives: the same report service and query for another task; a usage migration failing in Npgsql
    session("ts-report-tz", "10-14", "reverted", [
        "The usage report puts events after 23:00 into the next month for tenants in US time zones.",
        [t("Read", f"{A}/Reports/UsageReportService.cs"), t("Edit", f"{D}/Queries/UsageQuery.cs"),
         t("Edit", f"{T}/Reports/UsageReportTests.cs"),
         t("Bash", command="dotnet test --filter UsageReport",
           error="Assert.Equal() Failure\nExpected: 412\nActual:   398\n   at Tessera.Api.Tests.Reports.UsageReportTests.CountsByTenantMonth()")],
    ]),
    session("ts-usage-index", "11-04", "abandoned", [
        "dotnet ef database update fails on the new usage_events index migration.",
        [t("Read", f"{D}/Migrations/20261104_UsageEventsIndex.cs"), t("Edit", f"{D}/Migrations/20261104_UsageEventsIndex.cs"),
         t("Edit", f"{D}/TesseraDbContext.cs"),
         t("Bash", command="dotnet ef database update --project src/Tessera.Data",
           error="Npgsql.PostgresException (0x80004005): 42P07: relation \"ix_usage_events_tenant_id_at\" already exists")],
    ]),
    session("ts-report-seats", "11-13", "merged", [
        "Add a seats column to the usage report CSV.",
        [t("Edit", f"{A}/Reports/UsageReportService.cs"), t("Edit", f"{A}/Reports/CsvStreamWriter.cs"),
         t("Edit", f"{T}/Reports/UsageReportTests.cs"), t("Bash", command="dotnet test --filter UsageReport")],
    ]),
    # failed once, never retried
    session("ts-aot", "11-19", "abandoned", [
        "Try publishing the API with Native AOT to cut the cold start.",
        [t("Edit", f"{A}/Tessera.Api.csproj"),
         t("Bash", command="dotnet publish -c Release -r linux-x64",
           error="warning IL2026: Using member 'Microsoft.EntityFrameworkCore.DbContext.Set<TEntity>()' which has 'RequiresUnreferencedCodeAttribute'\nerror: trimming produced errors")],
    ]),
    # skill: one more EF Core entity with its migration
    session("ts-entity-1", "09-25", "merged", [
        "Store webhook subscriptions per tenant: entity, DbSet and a migration.",
        [t("Write", f"{D}/Entities/WebhookSubscription.cs"), t("Edit", f"{D}/TesseraDbContext.cs"),
         t("Bash", command="dotnet ef migrations add WebhookSubscriptions --project src/Tessera.Data"),
         t("Bash", command="dotnet test")],
    ]),
    session("ts-entity-2", "11-20", "merged", [
        "We need API keys per tenant in the database (hashed), like the webhook subscriptions table.",
        [t("Read", f"{D}/Entities/WebhookSubscription.cs"), t("Write", f"{D}/Entities/ApiKey.cs"),
         t("Edit", f"{D}/TesseraDbContext.cs"),
         t("Bash", command="dotnet ef migrations add ApiKeys --project src/Tessera.Data",
           error="Unable to create an object of type 'TesseraDbContext'. For the different patterns supported at design time, see https://go.microsoft.com/fwlink/?linkid=851728"),
         t("Bash", command="dotnet ef migrations add ApiKeys --project src/Tessera.Data --startup-project src/Tessera.Api"),
         t("Bash", command="dotnet test")],
    ]),
    session("ts-ask", "10-19", "unknown", [
        "Is AddDbContextPool safe with our tenant filter?",
        [t("Read", f"{D}/TesseraDbContext.cs")],
    ]),
]

dataset = {
    "version": 1,
    "projects": [
        {"id": "orderdesk", "repo": "/srv/git/orderdesk", "language": "java", "sessions": orderdesk},
        {"id": "relay", "repo": R, "language": "elixir", "sessions": relay},
        {"id": "tessera", "repo": "/Users/kwame/dev/tessera", "language": "csharp", "sessions": tessera},
    ],
    "labels": {
        "failedGroups": [
            ["od-lazy-1", "od-lazy-2", "od-lazy-3"], ["od-money-1", "od-money-2"],
            ["rl-dup-1", "rl-dup-2", "rl-dup-3"], ["rl-digest-1", "rl-digest-2"],
            ["ts-jwt-1", "ts-jwt-2", "ts-jwt-3"], ["ts-report-1", "ts-report-2"],
        ],
        "skillGroups": [
            ["od-health-1", "od-health-2"], ["rl-gen-1", "rl-gen-2", "rl-gen-3"], ["ts-entity-1", "ts-entity-2"],
        ],
    },
}
with open(__file__.replace("write-sessions-5.py", "sessions-5.json"), "w") as out:
    json.dump(dataset, out, indent=1)
    out.write("\n")
