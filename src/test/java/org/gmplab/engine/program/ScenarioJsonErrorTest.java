package org.gmplab.engine.program;

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
                        + "name, gomaxprocs, seed, runqSize, waitGroups, functions");
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
        String ops = "work, go, call, gosched, for, if, set, return, wg.add, wg.done, wg.wait";
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
}
