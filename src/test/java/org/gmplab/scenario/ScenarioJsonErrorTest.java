package org.gmplab.scenario;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** One test per kind of error, each checking the exact {@code file:line: path: message}. */
class ScenarioJsonErrorTest {

    /**
     * A scenario whose main body holds {@code statements}, one per line: statement k is on line 6 + k.
     * A function {@code worker(id)} and a wait group {@code wg} exist.
     */
    private static String withMain(String... statements) {
        return """
                {
                  "name": "t",
                  "waitGroups": ["wg"],
                  "functions": {
                    "main": { "body": [
                """ + String.join(",\n", statements) + """

                    ] },
                    "worker": { "params": ["id"], "body": [] }
                  }
                }
                """;
    }

    /**
     * A scenario with a wait group {@code wg}, a mutex {@code mu}, channels {@code ch} and {@code jobs},
     * whose main body holds {@code statements}, one per line: statement k is on line 8 + k. A function
     * {@code worker(id)} exists.
     */
    private static String withObjects(String... statements) {
        return """
                {
                  "name": "t",
                  "waitGroups": ["wg"],
                  "mutexes": ["mu"],
                  "channels": {"ch": 0, "jobs": 16},
                  "functions": {
                    "main": { "body": [
                """ + String.join(",\n", statements) + """

                    ] },
                    "worker": { "params": ["id"], "body": [] }
                  }
                }
                """;
    }

    /** A scenario whose top level holds {@code lines} (line 3 on), then a main with an empty body. */
    private static String withTop(String... lines) {
        return "{\n  \"name\": \"t\",\n" + String.join(",\n", lines) + ",\n  \"functions\": {\"main\": {\"body\": []}}\n}\n";
    }

    private static String error(String json) {
        ScenarioException e = assertThrows(ScenarioException.class, () -> ScenarioJson.parse(json, "scenarios/x.json"));
        assertThat(e.getMessage()).doesNotContain("\n");
        return e.getMessage();
    }

    // ---- JSON syntax ----

    @Test
    void missingComma() {
        assertThat(error("{\n  \"name\": \"t\"\n  \"functions\": {}\n}"))
                .isEqualTo("scenarios/x.json:3: $.name: invalid JSON: expected ',' or '}' after a value, got '\"functions\": {}'");
    }

    @Test
    void truncatedFile() {
        assertThat(error("{\n  \"name\": \"t\",\n  \"functions\": {"))
                .isEqualTo("scenarios/x.json:3: $.functions: invalid JSON: the file ends before the JSON is complete");
        assertThat(error("")).isEqualTo("scenarios/x.json:1: $: invalid JSON: the file ends before the JSON is complete");
    }

    @Test
    void trailingGarbage() {
        assertThat(error("{\"name\": \"t\", \"functions\": {\"main\": {\"body\": []}}}\n\nx"))
                .isEqualTo("scenarios/x.json:3: $: unexpected text after the end of the top-level JSON value");
        assertThat(error("{}\n{}")).isEqualTo("scenarios/x.json:2: $: unexpected text after the end of the top-level JSON value");
    }

    @Test
    void duplicateKey() {
        assertThat(error("{\n  \"name\": \"a\",\n  \"name\": \"b\"\n}"))
                .isEqualTo("scenarios/x.json:3: $.name: duplicate key \"name\" (first on line 2)");
    }

    @Test
    void trailingComma() {
        assertThat(error("{\n  \"name\": \"t\",\n}")).isEqualTo("scenarios/x.json:3: $.name: invalid JSON: trailing comma before '}'");
        assertThat(error(withMain("{ \"op\": \"gosched\" },")))
                .isEqualTo("scenarios/x.json:7: $.functions.main.body[1]: invalid JSON: trailing comma before ']'");
    }

    @Test
    void commentsAndSingleQuotes() {
        assertThat(error("{\n  // a comment\n  \"name\": \"t\"\n}")).isEqualTo("scenarios/x.json:2: $: invalid JSON: comments are not allowed in JSON");
        assertThat(error("{\n  'name': \"t\"\n}"))
                .isEqualTo("scenarios/x.json:2: $: invalid JSON: strings and keys need double quotes, not single quotes");
    }

    @Test
    void bareWord() {
        assertThat(error(withMain("{ \"op\": work }")))
                .isEqualTo("scenarios/x.json:6: $.functions.main.body[0].op: invalid JSON: unexpected 'work }'");
    }

    // ---- shape of the document ----

    @Test
    void topLevelMustBeAnObject() {
        assertThat(error("[1, 2]"))
                .isEqualTo("scenarios/x.json:1: $: expected a scenario object {\"name\": ..., \"functions\": {...}}, got an array");
    }

    @Test
    void unknownKey() {
        assertThat(error("{\n  \"name\": \"t\",\n  \"gomaxproc\": 2,\n  \"functions\": {\"main\": {\"body\": []}}\n}"))
                .isEqualTo("scenarios/x.json:3: $.gomaxproc: unknown key \"gomaxproc\"; allowed keys: "
                        + "name, gomaxprocs, seed, runqSize, scheduler, go, runtimeGoroutines, waitGroups, mutexes, channels, functions");
    }

    @Test
    void unknownScheduler() {
        assertThat(error("{\n  \"name\": \"t\",\n  \"scheduler\": \"go1.1\",\n  \"functions\": {\"main\": {\"body\": []}}\n}"))
                .isEqualTo("scenarios/x.json:3: $.scheduler: scheduler must be \"gmp\" or \"go1.0\", got \"go1.1\"");
    }

    @Test
    void unknownGoVersion() {
        assertThat(error("{\n  \"name\": \"t\",\n  \"go\": \"1.25\",\n  \"functions\": {\"main\": {\"body\": []}}\n}"))
                .isEqualTo("scenarios/x.json:3: $.go: go must be 1.23 or 1.26, got \"1.25\"");
        assertThat(error("{\n  \"name\": \"t\",\n  \"scheduler\": \"go1.0\",\n  \"go\": \"1.26\",\n  \"functions\": {\"main\": {\"body\": []}}\n}"))
                .isEqualTo("scenarios/x.json:4: $.go: go=1.26 applies to the G-M-P scheduler, not to scheduler=go1.0");
    }

    @Test
    void missingKeys() {
        assertThat(error("{\n}")).isEqualTo("scenarios/x.json:1: $: missing required keys \"name\", \"functions\"");
        assertThat(error("{\"name\": \"t\"}")).isEqualTo("scenarios/x.json:1: $: missing required key \"functions\"");
    }

    @Test
    void wrongType() {
        assertThat(error("{\n  \"name\": 5,\n  \"functions\": {}\n}")).isEqualTo("scenarios/x.json:2: $.name: expected a string, got 5");
        assertThat(error("{\"name\": \"t\",\n \"seed\": \"1\", \"functions\": {}}"))
                .isEqualTo("scenarios/x.json:2: $.seed: expected an integer, got \"1\"");
        assertThat(error("{\"name\": \"t\",\n \"functions\": []}"))
                .isEqualTo("scenarios/x.json:2: $.functions: expected an object of functions, e.g. {\"main\": {\"body\": []}}, got an array");
    }

    @Test
    void gomaxprocsOutOfRange() {
        assertThat(error("{\"name\": \"t\",\n \"gomaxprocs\": 0, \"functions\": {\"main\": {\"body\": []}}}"))
                .isEqualTo("scenarios/x.json:2: $.gomaxprocs: gomaxprocs must be between 1 and 256, got 0");
        assertThat(error("{\"name\": \"t\",\n \"gomaxprocs\": 99999999999, \"functions\": {\"main\": {\"body\": []}}}"))
                .isEqualTo("scenarios/x.json:2: $.gomaxprocs: gomaxprocs must be between 1 and 256, got 99999999999");
        assertThat(error("{\"name\": \"t\",\n \"gomaxprocs\": 2.5, \"functions\": {\"main\": {\"body\": []}}}"))
                .isEqualTo("scenarios/x.json:2: $.gomaxprocs: expected an integer, got 2.5");
    }

    @Test
    void runqSizeNotAPowerOfTwo() {
        assertThat(error("{\"name\": \"t\",\n\n \"runqSize\": 100, \"functions\": {\"main\": {\"body\": []}}}"))
                .isEqualTo("scenarios/x.json:3: $.runqSize: runqSize must be a power of two between 2 and 256, got 100");
    }

    @Test
    void badWaitGroups() {
        assertThat(error("{\"name\": \"t\",\n \"waitGroups\": [\"wg\", \"wg\"], \"functions\": {\"main\": {\"body\": []}}}"))
                .isEqualTo("scenarios/x.json:2: $.waitGroups[1]: duplicate wait group \"wg\"");
        assertThat(error("{\"name\": \"t\",\n \"waitGroups\": [\"my wg\"], \"functions\": {\"main\": {\"body\": []}}}"))
                .isEqualTo("scenarios/x.json:2: $.waitGroups[0]: expected a wait group name (a Go identifier such as \"i\"), got \"my wg\"");
    }

    @Test
    void noMain() {
        assertThat(error("{\"name\": \"t\",\n \"functions\": {\"worker\": {\"body\": []}}}"))
                .isEqualTo("scenarios/x.json:2: $.functions: no function named \"main\"; a scenario starts by running main");
    }

    @Test
    void badFunctions() {
        assertThat(error("{\"name\": \"t\", \"functions\": {\n\"main\": {\"body\": []},\n \"my worker\": {\"body\": []}}}"))
                .isEqualTo("scenarios/x.json:3: $.functions[\"my worker\"]: function name \"my worker\" is not a Go identifier");
        assertThat(error("{\"name\": \"t\", \"functions\": {\n\"main\": {\"params\": [\"x\"], \"body\": []}}}"))
                .isEqualTo("scenarios/x.json:2: $.functions.main.params: main takes no parameters, as in Go");
        assertThat(error("{\"name\": \"t\", \"functions\": {\"main\": {\"body\": []},\n\"f\": {\"params\": [\"a\", \"a\"], \"body\": []}}}"))
                .isEqualTo("scenarios/x.json:2: $.functions.f.params[1]: duplicate parameter \"a\"");
        assertThat(error("{\"name\": \"t\", \"functions\": {\n\"main\": {}}}"))
                .isEqualTo("scenarios/x.json:2: $.functions.main: missing required key \"body\"");
        assertThat(error("{\"name\": \"t\", \"functions\": {\n\"main\": {\"body\": [], \"retuns\": 1}}}"))
                .isEqualTo("scenarios/x.json:2: $.functions.main.retuns: unknown key \"retuns\"; allowed keys: params, body");
    }

    // ---- statements ----

    @Test
    void statementNotAnObject() {
        assertThat(error(withMain("{ \"op\": \"gosched\" }", "\"gosched\"")))
                .isEqualTo("scenarios/x.json:7: $.functions.main.body[1]: expected a statement object like {\"op\": \"work\", \"d\": \"1ms\"}, got \"gosched\"");
    }

    @Test
    void missingOrEmptyOrUnknownOp() {
        String ops = "work, go, call, gosched, for, while, if, set, return, wg.add, wg.done, wg.wait, lock, unlock, "
                + "syscall, sleep, netread, make, send, recv, close, select, gomaxprocs";
        assertThat(error(withMain("{ \"d\": \"1ms\" }")))
                .isEqualTo("scenarios/x.json:6: $.functions.main.body[0]: missing required key \"op\"; ops: " + ops);
        assertThat(error(withMain("{ \"op\": \"\" }"))).isEqualTo("scenarios/x.json:6: $.functions.main.body[0].op: empty op; ops: " + ops);
        assertThat(error(withMain("{ \"op\": \"gosched\" }", "{ \"op\": \"spawn\" }")))
                .isEqualTo("scenarios/x.json:7: $.functions.main.body[1].op: unknown op \"spawn\"; ops: " + ops);
    }

    @Test
    void unknownAndMissingStatementKeys() {
        assertThat(error(withMain("{ \"op\": \"work\", \"dur\": \"1ms\" }")))
                .isEqualTo("scenarios/x.json:6: $.functions.main.body[0].dur: unknown key \"dur\" for op \"work\"; allowed keys: op, d");
        assertThat(error(withMain("{ \"op\": \"for\" }")))
                .isEqualTo("scenarios/x.json:6: $.functions.main.body[0]: missing required keys \"n\", \"body\" for op \"for\"");
    }

    @Test
    void badDuration() {
        assertThat(error(withMain("{ \"op\": \"gosched\" }", "{ \"op\": \"gosched\" }", "{ \"op\": \"work\", \"d\": true }")))
                .isEqualTo("scenarios/x.json:8: $.functions.main.body[2].d: expected a duration like \"2ms\" or an integer expression, got true");
        assertThat(error(withMain("{ \"op\": \"work\", \"d\": 1.5 }")))
                .isEqualTo("scenarios/x.json:6: $.functions.main.body[0].d: expected a duration like \"2ms\" or an integer expression, got 1.5");
        assertThat(error(withMain("{ \"op\": \"work\", \"d\": \"2xs\" }")))
                .isEqualTo("scenarios/x.json:6: $.functions.main.body[0].d: invalid duration \"2xs\": column 1: unknown duration unit \"xs\"; expected ns, us, µs, ms or s");
    }

    @Test
    void badExpression() {
        assertThat(error(withMain("{ \"op\": \"for\", \"n\": \"(3 + 1\", \"body\": [] }")))
                .isEqualTo("scenarios/x.json:6: $.functions.main.body[0].n: invalid expression \"(3 + 1\": column 7: expected ')', got end of input");
        assertThat(error(withMain("{ \"op\": \"for\", \"n\": null, \"body\": [] }")))
                .isEqualTo("scenarios/x.json:6: $.functions.main.body[0].n: expected an integer or an integer expression like \"n - 1\", got null");
        assertThat(error(withMain("{ \"op\": \"for\", \"n\": 99999999999999999999, \"body\": [] }")))
                .isEqualTo("scenarios/x.json:6: $.functions.main.body[0].n: integer 99999999999999999999 does not fit in 64 bits");
        String huge = "9".repeat(500); // Gson itself refuses numbers longer than its 1024-char buffer
        assertThat(error(withMain("{ \"op\": \"for\", \"n\": " + huge + ", \"body\": [] }")))
                .startsWith("scenarios/x.json:6: $.functions.main.body[0].n: integer 9999").endsWith("... does not fit in 64 bits");
    }

    @Test
    void negativeConstantDuration() {
        assertThat(error(withMain("{ \"op\": \"work\", \"d\": \"-1ms\" }")))
                .isEqualTo("scenarios/x.json:6: $.functions.main.body[0].d: a duration cannot be negative, got \"-1ms\"");
        assertThat(error(withMain("{ \"op\": \"work\", \"d\": -5 }")))
                .isEqualTo("scenarios/x.json:6: $.functions.main.body[0].d: a duration cannot be negative, got -5");
        assertThat(error(withMain("{ \"op\": \"work\", \"d\": \"1ms - 2 * time.Millisecond\" }")))
                .isEqualTo("scenarios/x.json:6: $.functions.main.body[0].d: a duration cannot be negative, got \"1ms - 2 * time.Millisecond\" (= -1ms)");
    }

    @Test
    void divisionByZeroAndOverflow() {
        assertThat(error(withMain("{ \"op\": \"set\", \"var\": \"x\", \"value\": 1 }", "{ \"op\": \"set\", \"var\": \"y\", \"value\": \"x / (1 - 1)\" }")))
                .isEqualTo("scenarios/x.json:7: $.functions.main.body[1].value: division by zero in \"x / (1 - 1)\"");
        assertThat(error(withMain("{ \"op\": \"for\", \"n\": \"9223372036854775807 + 1\", \"body\": [] }")))
                .isEqualTo("scenarios/x.json:6: $.functions.main.body[0].n: constant overflow: \"9223372036854775807 + 1\" does not fit in 64 bits");
    }

    @Test
    void unknownFunction() {
        assertThat(error(withMain("{ \"op\": \"go\", \"fn\": \"wrker\", \"args\": [1] }")))
                .isEqualTo("scenarios/x.json:6: $.functions.main.body[0].fn: unknown function \"wrker\"; functions: main, worker");
        assertThat(error(withMain("{ \"op\": \"call\", \"fn\": \"nope\" }")))
                .isEqualTo("scenarios/x.json:6: $.functions.main.body[0].fn: unknown function \"nope\"; functions: main, worker");
    }

    @Test
    void wrongNumberOfArguments() {
        assertThat(error(withMain("{ \"op\": \"go\", \"fn\": \"worker\", \"args\": [1, 2] }")))
                .isEqualTo("scenarios/x.json:6: $.functions.main.body[0].args: worker takes 1 argument (id), got 2");
        assertThat(error(withMain("{ \"op\": \"call\", \"fn\": \"worker\" }")))
                .isEqualTo("scenarios/x.json:6: $.functions.main.body[0]: worker takes 1 argument (id), got 0");
        assertThat(error(withMain("{ \"op\": \"go\", \"fn\": \"main\", \"args\": [\n1] }")))
                .isEqualTo("scenarios/x.json:6: $.functions.main.body[0].args: main takes no arguments, got 1");
    }

    @Test
    void undefinedVariable() {
        assertThat(error(withMain("{ \"op\": \"go\", \"fn\": \"worker\", \"args\": [\"i\"] }")))
                .isEqualTo("scenarios/x.json:6: $.functions.main.body[0].args[0]: undefined variable \"i\"; no variables are in scope here");
        // Used before the set that declares it.
        assertThat(error(withMain("{ \"op\": \"work\", \"d\": \"x\" }", "{ \"op\": \"set\", \"var\": \"x\", \"value\": 1 }")))
                .isEqualTo("scenarios/x.json:6: $.functions.main.body[0].d: undefined variable \"x\"; no variables are in scope here");
        // A set's value is checked before its variable exists.
        assertThat(error(withMain("{ \"op\": \"for\", \"var\": \"i\", \"n\": 2, \"body\": [] }", "{ \"op\": \"set\", \"var\": \"x\", \"value\": \"x + i\" }")))
                .isEqualTo("scenarios/x.json:7: $.functions.main.body[1].value: undefined variable \"x\"; in scope here: i");
        assertThat(error(withMain("{ \"op\": \"for\", \"n\": \"_\", \"body\": [] }")))
                .isEqualTo("scenarios/x.json:6: $.functions.main.body[0].n: cannot use _ as a value");
    }

    @Test
    void variablesDeclaredEarlierAnywhereInTheFunctionAreInScope() throws ScenarioException {
        ScenarioJson.parse(withMain(
                "{ \"op\": \"for\", \"var\": \"i\", \"n\": 2, \"body\": [ { \"op\": \"set\", \"var\": \"x\", \"value\": \"i\" } ] }",
                "{ \"op\": \"go\", \"fn\": \"worker\", \"args\": [\"x + i\"] }"), "ok.json");
    }

    @Test
    void badNames() {
        assertThat(error(withMain("{ \"op\": \"set\", \"var\": \"2x\", \"value\": 1 }")))
                .isEqualTo("scenarios/x.json:6: $.functions.main.body[0].var: expected a variable name (a Go identifier such as \"i\"), got \"2x\"");
    }

    @Test
    void unknownWaitGroup() {
        assertThat(error(withMain("{ \"op\": \"wg.wait\", \"wg\": \"wg2\" }")))
                .isEqualTo("scenarios/x.json:6: $.functions.main.body[0].wg: unknown wait group \"wg2\"; declared in $.waitGroups: wg");
        assertThat(error("{\"name\": \"t\", \"functions\": {\"main\": {\"body\": [\n{ \"op\": \"wg.done\", \"wg\": \"wg\" }]}}}"))
                .isEqualTo("scenarios/x.json:2: $.functions.main.body[0].wg: unknown wait group \"wg\"; declare it in $.waitGroups, e.g. \"waitGroups\": [\"wg\"]");
    }

    @Test
    void nestedStatementsReportTheirOwnLine() {
        String json = """
                {
                  "name": "t",
                  "functions": {
                    "main": { "body": [
                      { "op": "for", "var": "i", "n": 2, "body": [
                        { "op": "if", "cond": "i > 0", "then": [],
                          "else": [
                            { "op": "work", "d": "1ms" },
                            { "op": "work", "d": "i * k" }
                          ] }
                      ] }
                    ] }
                  }
                }
                """;
        assertThat(error(json)).isEqualTo(
                "scenarios/x.json:9: $.functions.main.body[0].body[0].else[1].d: undefined variable \"k\"; in scope here: i");
    }

    @Test
    void exceptionPartsAreAvailable() {
        ScenarioException e = assertThrows(ScenarioException.class,
                () -> ScenarioJson.parse(withMain("{ \"op\": \"work\", \"d\": true }"), "a.json"));
        assertThat(e.file()).isEqualTo("a.json");
        assertThat(e.line()).isEqualTo(6);
        assertThat(e.path()).isEqualTo("$.functions.main.body[0].d");
        assertThat(e.detail()).isEqualTo("expected a duration like \"2ms\" or an integer expression, got true");
    }

    // ---- package-level objects ----

    @Test
    void badMutexes() {
        assertThat(error(withTop("  \"mutexes\": [\"mu\", \"mu\"]")))
                .isEqualTo("scenarios/x.json:3: $.mutexes[1]: duplicate mutex \"mu\"");
        assertThat(error(withTop("  \"mutexes\": [\"_\"]"))).isEqualTo("scenarios/x.json:3: $.mutexes[0]: a mutex cannot be named _");
        assertThat(error(withTop("  \"mutexes\": [\"select\"]")))
                .isEqualTo("scenarios/x.json:3: $.mutexes[0]: expected a mutex name (a Go identifier such as \"i\"), got \"select\"");
        assertThat(error(withTop("  \"mutexes\": \"mu\"")))
                .isEqualTo("scenarios/x.json:3: $.mutexes: expected an array of mutex names, e.g. [\"mu\"], got \"mu\"");
    }

    @Test
    void badChannels() {
        assertThat(error(withTop("  \"channels\": [\"ch\"]")))
                .isEqualTo("scenarios/x.json:3: $.channels: expected an object of channel capacities, e.g. {\"ch\": 0, \"jobs\": 16}, got an array");
        assertThat(error(withTop("  \"channels\": {\n    \"ok\": 1,\n    \"my ch\": 0}")))
                .isEqualTo("scenarios/x.json:5: $.channels[\"my ch\"]: channel name \"my ch\" is not a Go identifier");
        assertThat(error(withTop("  \"channels\": {\"_\": 0}")))
                .isEqualTo("scenarios/x.json:3: $.channels._: channel name \"_\" is not a Go identifier");
        assertThat(error(withTop("  \"channels\": {\"ch\": \"0\"}")))
                .isEqualTo("scenarios/x.json:3: $.channels.ch: expected a channel capacity (an integer, 0 for unbuffered), got \"0\"");
        assertThat(error(withTop("  \"channels\": {\"ch\": 1.5}")))
                .isEqualTo("scenarios/x.json:3: $.channels.ch: expected a channel capacity (an integer, 0 for unbuffered), got 1.5");
        assertThat(error(withTop("  \"channels\": {\"ch\": -1}")))
                .isEqualTo("scenarios/x.json:3: $.channels.ch: a channel capacity cannot be negative, got -1");
        assertThat(error(withTop("  \"channels\": {\"ch\": 1000001}")))
                .isEqualTo("scenarios/x.json:3: $.channels.ch: a channel capacity must be at most 1000000, got 1000001");
        assertThat(error(withTop("  \"channels\": {\"ch\": 99999999999999999999999}")))
                .isEqualTo("scenarios/x.json:3: $.channels.ch: a channel capacity must be at most 1000000, got 99999999999999999999999");
    }

    @Test
    void anObjectNameIsDeclaredOnce() {
        assertThat(error(withTop("  \"waitGroups\": [\"x\"]", "  \"mutexes\": [\"x\"]")))
                .isEqualTo("scenarios/x.json:4: $.mutexes[0]: \"x\" is already declared as a package-level sync.WaitGroup in $.waitGroups");
        assertThat(error(withTop("  \"mutexes\": [\"x\"]", "  \"channels\": {\"y\": 0,\n \"x\": 0}")))
                .isEqualTo("scenarios/x.json:5: $.channels.x: \"x\" is already declared as a package-level sync.Mutex in $.mutexes");
        assertThat(error(withTop("  \"waitGroups\": [\"main\"]")))
                .isEqualTo("scenarios/x.json:4: $.functions.main: function name \"main\" is already declared as a package-level sync.WaitGroup in $.waitGroups");
    }

    @Test
    void aVariableCannotReuseAnObjectName() {
        assertThat(error("{\"name\": \"t\", \"channels\": {\"ch\": 0}, \"functions\": {\"main\": {\"body\": []},\n\"f\": {\"params\": [\"id\", \"ch\"], \"body\": []}}}"))
                .isEqualTo("scenarios/x.json:2: $.functions.f.params[1]: \"ch\" is already declared as a package-level channel in $.channels; a parameter cannot reuse its name");
        assertThat(error(withObjects("{ \"op\": \"set\", \"var\": \"mu\", \"value\": 1 }")))
                .isEqualTo("scenarios/x.json:8: $.functions.main.body[0].var: \"mu\" is already declared as a package-level sync.Mutex in $.mutexes; a variable cannot reuse its name");
        assertThat(error(withObjects("{ \"op\": \"for\", \"var\": \"wg\", \"n\": 2, \"body\": [] }")))
                .isEqualTo("scenarios/x.json:8: $.functions.main.body[0].var: \"wg\" is already declared as a package-level sync.WaitGroup in $.waitGroups; a loop variable cannot reuse its name");
        assertThat(error(withObjects("{ \"op\": \"make\", \"var\": \"jobs\", \"cap\": 4 }")))
                .isEqualTo("scenarios/x.json:8: $.functions.main.body[0].var: \"jobs\" is already declared as a package-level channel in $.channels; a variable cannot reuse its name");
        assertThat(error(withObjects("{ \"op\": \"recv\", \"ch\": \"jobs\", \"var\": \"ch\" }")))
                .isEqualTo("scenarios/x.json:8: $.functions.main.body[0].var: \"ch\" is already declared as a package-level channel in $.channels; a variable cannot reuse its name");
        assertThat(error(withObjects("{ \"op\": \"select\", \"cases\": [\n{ \"recv\": \"jobs\", \"var\": \"wg\" }] }")))
                .isEqualTo("scenarios/x.json:9: $.functions.main.body[0].cases[0].var: \"wg\" is already declared as a package-level sync.WaitGroup in $.waitGroups; a variable cannot reuse its name");
    }

    @Test
    void anOpsObjectMustBeOfItsKind() {
        assertThat(error(withObjects("{ \"op\": \"lock\", \"mu\": \"wg\" }")))
                .isEqualTo("scenarios/x.json:8: $.functions.main.body[0].mu: \"wg\" is a sync.WaitGroup, not a sync.Mutex");
        assertThat(error(withObjects("{ \"op\": \"wg.wait\", \"wg\": \"mu\" }")))
                .isEqualTo("scenarios/x.json:8: $.functions.main.body[0].wg: \"mu\" is a sync.Mutex, not a sync.WaitGroup");
        assertThat(error(withObjects("{ \"op\": \"send\", \"ch\": \"mu\", \"value\": 1 }")))
                .isEqualTo("scenarios/x.json:8: $.functions.main.body[0].ch: \"mu\" is a sync.Mutex, not a channel");
        assertThat(error(withObjects("{ \"op\": \"unlock\", \"mu\": \"jobs\" }")))
                .isEqualTo("scenarios/x.json:8: $.functions.main.body[0].mu: \"jobs\" is a channel, not a sync.Mutex");
        assertThat(error(withObjects("{ \"op\": \"select\", \"cases\": [\n{ \"recv\": \"ch\" },\n{ \"send\": \"wg\", \"value\": 1 }] }")))
                .isEqualTo("scenarios/x.json:10: $.functions.main.body[0].cases[1].send: \"wg\" is a sync.WaitGroup, not a channel");
    }

    @Test
    void unknownObjects() {
        assertThat(error(withObjects("{ \"op\": \"lock\", \"mu\": \"mx\" }")))
                .isEqualTo("scenarios/x.json:8: $.functions.main.body[0].mu: unknown mutex \"mx\"; declared in $.mutexes: mu");
        assertThat(error(withObjects("{ \"op\": \"close\", \"ch\": \"job\" }")))
                .isEqualTo("scenarios/x.json:8: $.functions.main.body[0].ch: unknown channel \"job\"; declared in $.channels: ch, jobs");
        assertThat(error(withMain("{ \"op\": \"unlock\", \"mu\": \"mu\" }")))
                .isEqualTo("scenarios/x.json:6: $.functions.main.body[0].mu: unknown mutex \"mu\"; declare it in $.mutexes, e.g. \"mutexes\": [\"mu\"]");
        assertThat(error(withMain("{ \"op\": \"recv\", \"ch\": \"c\" }")))
                .isEqualTo("scenarios/x.json:6: $.functions.main.body[0].ch: unknown channel \"c\"; declare it in $.channels, "
                        + "e.g. \"channels\": {\"c\": 0}, or make it with {\"op\": \"make\", \"var\": \"c\"}");
        // An expression over names is checked as any expression.
        assertThat(error(withObjects("{ \"op\": \"send\", \"ch\": \"c + 1\", \"value\": 1 }")))
                .isEqualTo("scenarios/x.json:8: $.functions.main.body[0].ch: undefined variable \"c\"; no variables are in scope here");
        assertThat(error(withObjects("{ \"op\": \"close\", \"ch\": \"_\" }")))
                .isEqualTo("scenarios/x.json:8: $.functions.main.body[0].ch: cannot use _ as a value");
    }

    @Test
    void anOpsObjectIsNotAConstant() {
        assertThat(error(withObjects("{ \"op\": \"close\", \"ch\": 0 }")))
                .isEqualTo("scenarios/x.json:8: $.functions.main.body[0].ch: expected a channel name like \"ch\" or a variable holding one, got 0");
        assertThat(error(withObjects("{ \"op\": \"lock\", \"mu\": \"1 + 1\" }")))
                .isEqualTo("scenarios/x.json:8: $.functions.main.body[0].mu: expected a mutex name like \"mu\" or a variable holding one, got \"1 + 1\"");
        assertThat(error(withObjects("{ \"op\": \"wg.done\", \"wg\": true }")))
                .isEqualTo("scenarios/x.json:8: $.functions.main.body[0].wg: expected a wait group name like \"wg\" or a variable holding one, got true");
        assertThat(error(withObjects("{ \"op\": \"recv\", \"ch\": \"(ch\" }")))
                .isEqualTo("scenarios/x.json:8: $.functions.main.body[0].ch: invalid expression \"(ch\": column 4: expected ')', got end of input");
    }

    @Test
    void anObjectIsNotANumber() {
        assertThat(error(withObjects("{ \"op\": \"work\", \"d\": \"wg\" }")))
                .isEqualTo("scenarios/x.json:8: $.functions.main.body[0].d: \"wg\" is a sync.WaitGroup, not an integer");
        assertThat(error(withObjects("{ \"op\": \"set\", \"var\": \"x\", \"value\": \"ch + 1\" }")))
                .isEqualTo("scenarios/x.json:8: $.functions.main.body[0].value: \"ch\" is a channel, not an integer; it cannot be used in \"ch + 1\"");
        assertThat(error(withObjects("{ \"op\": \"for\", \"n\": \"mu\", \"body\": [] }")))
                .isEqualTo("scenarios/x.json:8: $.functions.main.body[0].n: \"mu\" is a sync.Mutex, not an integer");
        assertThat(error(withObjects("{ \"op\": \"go\", \"fn\": \"worker\", \"args\": [\"-jobs\"] }")))
                .isEqualTo("scenarios/x.json:8: $.functions.main.body[0].args[0]: \"jobs\" is a channel, not an integer; it cannot be used in \"-jobs\"");
        assertThat(error(withObjects("{ \"op\": \"gomaxprocs\", \"n\": \"wg\" }")))
                .isEqualTo("scenarios/x.json:8: $.functions.main.body[0].n: \"wg\" is a sync.WaitGroup, not an integer");
    }

    @Test
    void objectsMayBePassedOnAsValues() throws ScenarioException {
        ScenarioJson.parse(withObjects(
                "{ \"op\": \"go\", \"fn\": \"worker\", \"args\": [\"wg\"] }",
                "{ \"op\": \"set\", \"var\": \"m\", \"value\": \"mu\" }",
                "{ \"op\": \"send\", \"ch\": \"jobs\", \"value\": \"ch\" }",
                "{ \"op\": \"lock\", \"mu\": \"m\" }"), "ok.json");
    }

    // ---- blocking statements ----

    @Test
    void badWhile() {
        assertThat(error(withObjects("{ \"op\": \"while\", \"body\": [] }")))
                .isEqualTo("scenarios/x.json:8: $.functions.main.body[0]: missing required key \"cond\" for op \"while\"");
        assertThat(error(withObjects("{ \"op\": \"while\", \"cond\": \"k < 3\", \"body\": [] }")))
                .isEqualTo("scenarios/x.json:8: $.functions.main.body[0].cond: undefined variable \"k\"; no variables are in scope here");
        assertThat(error(withObjects("{ \"op\": \"while\", \"cond\": 1, \"body\": {} }")))
                .isEqualTo("scenarios/x.json:8: $.functions.main.body[0].body: expected an array of statements, got an object");
    }

    @Test
    void badSyscallSleepAndNetread() {
        assertThat(error(withObjects("{ \"op\": \"syscall\", \"d\": \"1ms\", \"blocking\": \"yes\" }")))
                .isEqualTo("scenarios/x.json:8: $.functions.main.body[0].blocking: expected true or false, got \"yes\"");
        assertThat(error(withObjects("{ \"op\": \"syscall\", \"d\": \"-1ms\" }")))
                .isEqualTo("scenarios/x.json:8: $.functions.main.body[0].d: a duration cannot be negative, got \"-1ms\"");
        assertThat(error(withObjects("{ \"op\": \"sleep\", \"d\": \"1h\" }")))
                .isEqualTo("scenarios/x.json:8: $.functions.main.body[0].d: invalid duration \"1h\": column 1: unknown duration unit \"h\"; expected ns, us, µs, ms or s");
        assertThat(error(withObjects("{ \"op\": \"netread\" }")))
                .isEqualTo("scenarios/x.json:8: $.functions.main.body[0]: missing required key \"d\" for op \"netread\"");
        assertThat(error(withObjects("{ \"op\": \"sleep\", \"d\": \"1ms\", \"blocking\": true }")))
                .isEqualTo("scenarios/x.json:8: $.functions.main.body[0].blocking: unknown key \"blocking\" for op \"sleep\"; allowed keys: op, d");
    }

    @Test
    void badMake() {
        assertThat(error(withObjects("{ \"op\": \"make\", \"cap\": 1 }")))
                .isEqualTo("scenarios/x.json:8: $.functions.main.body[0]: missing required key \"var\" for op \"make\"");
        assertThat(error(withObjects("{ \"op\": \"make\", \"var\": \"c\", \"cap\": -1 }")))
                .isEqualTo("scenarios/x.json:8: $.functions.main.body[0].cap: a channel capacity cannot be negative, got -1");
        assertThat(error(withObjects("{ \"op\": \"make\", \"var\": \"c\", \"cap\": \"2 * 1000000\" }")))
                .isEqualTo("scenarios/x.json:8: $.functions.main.body[0].cap: a channel capacity must be at most 1000000, got \"2 * 1000000\"");
        assertThat(error(withObjects("{ \"op\": \"make\", \"var\": \"c d\" }")))
                .isEqualTo("scenarios/x.json:8: $.functions.main.body[0].var: expected a variable name (a Go identifier such as \"i\"), got \"c d\"");
        // The capacity is evaluated before the variable exists, as Go's c := make(chan int, c) would refuse.
        assertThat(error(withObjects("{ \"op\": \"make\", \"var\": \"c\", \"cap\": \"c\" }")))
                .isEqualTo("scenarios/x.json:8: $.functions.main.body[0].cap: undefined variable \"c\"; no variables are in scope here");
    }

    @Test
    void badSendRecvClose() {
        assertThat(error(withObjects("{ \"op\": \"send\", \"ch\": \"ch\" }")))
                .isEqualTo("scenarios/x.json:8: $.functions.main.body[0]: missing required key \"value\" for op \"send\"");
        assertThat(error(withObjects("{ \"op\": \"send\", \"ch\": \"ch\", \"value\": \"v\" }")))
                .isEqualTo("scenarios/x.json:8: $.functions.main.body[0].value: undefined variable \"v\"; no variables are in scope here");
        assertThat(error(withObjects("{ \"op\": \"recv\", \"ch\": \"ch\", \"var\": 1 }")))
                .isEqualTo("scenarios/x.json:8: $.functions.main.body[0].var: expected a variable name (a Go identifier such as \"i\"), got 1");
        assertThat(error(withObjects("{ \"op\": \"close\" }")))
                .isEqualTo("scenarios/x.json:8: $.functions.main.body[0]: missing required key \"ch\" for op \"close\"");
    }

    @Test
    void receivedVariablesAreInScopeAfterwards() throws ScenarioException {
        ScenarioJson.parse(withObjects(
                "{ \"op\": \"recv\", \"ch\": \"ch\", \"var\": \"a\" }",
                "{ \"op\": \"select\", \"cases\": [ { \"recv\": \"jobs\", \"var\": \"b\", \"body\": [ { \"op\": \"work\", \"d\": \"a + b\" } ] } ] }",
                "{ \"op\": \"make\", \"var\": \"c\", \"cap\": \"a\" }",
                "{ \"op\": \"send\", \"ch\": \"c\", \"value\": \"a + b\" }"), "ok.json");
    }

    @Test
    void badSelect() {
        assertThat(error(withObjects("{ \"op\": \"select\", \"default\": [] }")))
                .isEqualTo("scenarios/x.json:8: $.functions.main.body[0]: missing required key \"cases\" for op \"select\"");
        assertThat(error(withObjects("{ \"op\": \"select\", \"cases\": {} }")))
                .isEqualTo("scenarios/x.json:8: $.functions.main.body[0].cases: expected an array of select cases, got an object");
        assertThat(error(withObjects("{ \"op\": \"select\", \"cases\": [\"ch\"] }")))
                .isEqualTo("scenarios/x.json:8: $.functions.main.body[0].cases[0]: expected a select case like "
                        + "{\"recv\": \"ch\", \"var\": \"v\", \"body\": [...]} or {\"send\": \"ch\", \"value\": 1, \"body\": [...]}, got \"ch\"");
        assertThat(error(withObjects("{ \"op\": \"select\", \"cases\": [\n{ \"send\": \"ch\", \"value\": 1,\n \"recv\": \"jobs\" }] }")))
                .isEqualTo("scenarios/x.json:10: $.functions.main.body[0].cases[0].recv: a select case either sends or receives: it has both \"send\" and \"recv\"");
        assertThat(error(withObjects("{ \"op\": \"select\", \"cases\": [\n{ \"body\": [] }] }")))
                .isEqualTo("scenarios/x.json:9: $.functions.main.body[0].cases[0]: a select case needs \"send\" or \"recv\", like "
                        + "{\"recv\": \"ch\", \"var\": \"v\", \"body\": [...]} or {\"send\": \"ch\", \"value\": 1, \"body\": [...]}");
        assertThat(error(withObjects("{ \"op\": \"select\", \"cases\": [\n{ \"chan\": \"ch\" }] }")))
                .isEqualTo("scenarios/x.json:9: $.functions.main.body[0].cases[0].chan: unknown key \"chan\" in a select case; allowed keys: send, recv, value, var, body");
        assertThat(error(withObjects("{ \"op\": \"select\", \"cases\": [\n{ \"send\": \"ch\", \"var\": \"v\" }] }")))
                .isEqualTo("scenarios/x.json:9: $.functions.main.body[0].cases[0].var: unknown key \"var\" in a send case; allowed keys: send, value, body");
        assertThat(error(withObjects("{ \"op\": \"select\", \"cases\": [\n{ \"recv\": \"ch\", \"value\": 1 }] }")))
                .isEqualTo("scenarios/x.json:9: $.functions.main.body[0].cases[0].value: unknown key \"value\" in a receive case; allowed keys: recv, var, body");
        assertThat(error(withObjects("{ \"op\": \"select\", \"cases\": [\n{ \"send\": \"ch\" }] }")))
                .isEqualTo("scenarios/x.json:9: $.functions.main.body[0].cases[0]: missing required key \"value\" in a send case");
        assertThat(error(withObjects("{ \"op\": \"select\", \"cases\": [], \"default\": null }")))
                .isEqualTo("scenarios/x.json:8: $.functions.main.body[0].default: expected an array of statements, got null");
        assertThat(error(withObjects("{ \"op\": \"select\", \"cases\": [\n{ \"recv\": \"ch\", \"body\": [\n{ \"op\": \"work\", \"d\": \"x\" }] }] }")))
                .isEqualTo("scenarios/x.json:10: $.functions.main.body[0].cases[0].body[0].d: undefined variable \"x\"; no variables are in scope here");
    }

    @Test
    void badGomaxprocs() {
        assertThat(error(withObjects("{ \"op\": \"gomaxprocs\", \"n\": false }")))
                .isEqualTo("scenarios/x.json:8: $.functions.main.body[0].n: expected an integer or an integer expression like \"n - 1\", got false");
        assertThat(error(withObjects("{ \"op\": \"gomaxprocs\" }")))
                .isEqualTo("scenarios/x.json:8: $.functions.main.body[0]: missing required key \"n\" for op \"gomaxprocs\"");
    }
}
