package org.gmplab.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import com.google.gson.Gson;

import org.gmplab.engine.Action;
import org.gmplab.io.AtomicFile;
import org.gmplab.snapshot.GStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Session files: a moment of a run, written atomically, restored exactly, refused clearly when broken. */
class SessionFileTest {
    @TempDir Path dir;

    @Test
    void aSessionWithActionsRoundTripsToTheExactSameMoment() throws Exception {
        // given a run with two injected actions, stopped some way after them
        Session saved;
        String world;
        try (History h = new History(HistoryTest.scenario("pingpong.json").withSeed(7))) {
            h.jumpTo(500);
            h.inject(new Action.SetGomaxprocs(3));
            h.inject(new Action.Spawn("main", 2, List.of()));
            for (int i = 0; i < 300; i++) h.stepEvent();
            saved = Session.of(h, Map.of("speed", "0.5", "ring", "4096"));
            world = new Gson().toJson(h.snapshot());
        }
        Path file = dir.resolve("run.gmpsession");

        // when written and read back
        SessionFile.write(file, saved);
        Session read = SessionFile.read(file);

        // then everything is there, and opening it restores the same world
        assertThat(read).isEqualTo(saved);
        assertThat(read.seed()).isEqualTo(7);
        assertThat(read.actions()).hasSize(2);
        assertThat(read.actions().get(1).action()).isEqualTo(new Action.Spawn("main", 2, List.of()));
        assertThat(SessionFile.toJson(read)).isEqualTo(Files.readString(file));
        try (History h = read.open()) {
            assertThat(h.position()).isEqualTo(saved.position());
            assertThat(new Gson().toJson(h.snapshot())).isEqualTo(world);
            assertThat(h.actions()).isEqualTo(saved.actions());
        }
    }

    @Test
    void aSessionWithAnActionInjectedBetweenEventsRestoresTheSameWorld() throws Exception {
        // given an action injected at a moment a wait reached, inside a long work (many silent safe points on)
        Session saved;
        String world;
        try (History h = new History(HistoryTest.scenario("cpubound.json"))) {
            for (int i = 0; i < 5; i++) h.stepEvent();
            h.waitUntil(h.snapshot().time() + 3_000_000);
            h.inject(new Action.Spawn("burn", 1, List.of(7L)));
            for (int i = 0; i < 30; i++) h.stepEvent();
            saved = Session.of(h, Map.of());
            world = new Gson().toJson(h.snapshot());
        }
        Path file = dir.resolve("waited.gmpsession");
        SessionFile.write(file, saved);

        // when opened, then the action applies where it did and the same world comes back
        try (History h = SessionFile.read(file).open()) {
            assertThat(h.position()).isEqualTo(saved.position());
            assertThat(new Gson().toJson(h.snapshot())).isEqualTo(world);
            assertThat(h.actions()).isEqualTo(saved.actions());
        }
    }

    @Test
    void anInjectedGoschedRoundTrips() throws Exception {
        // given a run where a running goroutine was made to call runtime.Gosched()
        Session saved;
        String world;
        try (History h = new History(HistoryTest.scenario("pingpong.json"))) {
            h.jumpTo(100);
            while (h.snapshot().gs().stream().noneMatch(g -> g.status() == org.gmplab.snapshot.GStatus.RUNNING)) h.stepEvent();
            long running = h.snapshot().gs().stream().filter(g -> g.status() == org.gmplab.snapshot.GStatus.RUNNING).findFirst().orElseThrow().goid();
            h.inject(new Action.Gosched(running));
            for (int i = 0; i < 50; i++) h.stepEvent();
            saved = Session.of(h, Map.of());
            world = new Gson().toJson(h.snapshot());
        }
        Path file = dir.resolve("gosched.gmpsession");

        // when written and read back
        SessionFile.write(file, saved);
        Session read = SessionFile.read(file);

        // then the action is there, typed "gosched", and the same world comes back
        assertThat(Files.readString(file)).contains("\"type\": \"gosched\"");
        assertThat(read).isEqualTo(saved);
        assertThat(read.actions().get(0).action()).isInstanceOf(Action.Gosched.class);
        try (History h = read.open()) {
            assertThat(new Gson().toJson(h.snapshot())).isEqualTo(world);
        }
    }

    @Test
    void aWriteThatFailsHalfwayLeavesTheOldFileIntact() throws Exception {
        Path file = dir.resolve("s.gmpsession");
        Session s;
        try (History h = new History(HistoryTest.scenario("select.json"))) {
            h.jumpTo(20);
            s = Session.of(h, Map.of());
        }
        SessionFile.write(file, s);
        String before = Files.readString(file);

        // when a writer crashes half-way through the new content
        String next = SessionFile.toJson(new Session(s.scenario(), Map.of("x", "y"), s.actions(), 0));
        assertThatThrownBy(() -> AtomicFile.write(file, out -> {
            out.write(next, 0, next.length() / 2);
            out.flush();
            throw new IOException("simulated crash");
        })).hasMessage("simulated crash");

        // then the old file is unchanged and no temporary file is left behind
        assertThat(Files.readString(file)).isEqualTo(before);
        assertThat(SessionFile.read(file)).isEqualTo(s);
        try (var files = Files.list(dir)) { assertThat(files).containsExactly(file); }
    }

    @Test
    void aDamagedFileIsRefusedWithOneLineNamingTheFileAndTheProblem() throws Exception {
        Path file = dir.resolve("s.gmpsession");
        try (History h = new History(HistoryTest.scenario("select.json"))) {
            SessionFile.write(file, Session.of(h, Map.of()));
        }
        String good = Files.readString(file);

        Files.writeString(file, good.substring(0, good.length() / 2));
        assertError(file, "damaged: not valid JSON");

        Files.writeString(file, good.replace("\"version\": 1", "\"version\": 2"));
        assertError(file, "written by a newer GMP Lab (format version 2; this one reads up to 1)");

        Files.writeString(file, good.replace("\"position\"", "\"pos\""));
        assertError(file, "missing \"position\"");

        Files.writeString(file, good.replace("\"actions\": []", "\"actions\": [{\"safePoint\": 1, \"event\": 1, \"time\": 0, \"type\": \"teleport\"}]"));
        assertError(file, "actions[0].type: unknown action type \"teleport\"");

        Files.writeString(file, "[1, 2]");
        assertError(file, "not a session file");

        Files.writeString(file, "{\"format\": \"something else\"}");
        assertError(file, "not a GMP Lab session file");

        assertError(dir.resolve("missing.gmpsession"), "no such file");
    }

    /** As the docs say: strict JSON, each key once, and numbers that fit their field (never cut to 32 bits). */
    @Test
    void readingIsStrictAndNumbersAreNotTruncated() throws Exception {
        Path file = dir.resolve("s.gmpsession");
        try (History h = new History(HistoryTest.scenario("select.json"))) {
            SessionFile.write(file, Session.of(h, Map.of()));
        }
        String good = Files.readString(file);
        assertThat(SessionFile.read(file)).isNotNull();

        Files.writeString(file, good.replace("\"position\"", "// where it stopped\n  \"position\""));
        assertError(file, "damaged: not valid JSON");
        Files.writeString(file, good.replace("\"seed\"", "seed"));
        assertError(file, "damaged: not valid JSON");
        Files.writeString(file, good.replace("\"seed\"", "\"position\": 0,\n  \"seed\""));
        assertError(file, "duplicate key \"position\"");

        Files.writeString(file, good.replace("\"seed\": ", "\"seed\": 1e99999999999, \"x\": "));
        assertError(file, ".seed: number out of range: 1e99999999999");

        String oneAction = good.replace("\"actions\": []", "\"actions\": [{\"safePoint\": 1, \"event\": 1, \"time\": 0, \"type\": \"gomaxprocs\", \"n\": 4294967299}]");
        assertThat(oneAction).isNotEqualTo(good);
        Files.writeString(file, oneAction);
        assertError(file, "\"actions[0].n\" must be from 1 to 256, got 4294967299");
        Files.writeString(file, oneAction.replace("\"type\": \"gomaxprocs\", \"n\": 4294967299", "\"type\": \"spawn\", \"fn\": \"main\", \"count\": 4294967297, \"args\": []"));
        assertError(file, "\"actions[0].count\" must be from 1 to 100000, got 4294967297");
    }

    @Test
    void aLinkToDevZeroOrAFifoIsRefusedUnread() throws Exception {
        Path zero = Files.createSymbolicLink(dir.resolve("zero.gmpsession"), Path.of("/dev/zero"));
        assertError(zero, "cannot read: not a regular file");
        Path fifo = org.gmplab.io.TextFileTest.fifo(dir, "fifo.gmpsession");
        org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(20),
                () -> assertError(fifo, "cannot read: not a regular file"));
    }

    @Test
    void aSessionWrittenBeforeSnapshotsWereTypedOpensAtTheWorldItWasSavedAt() throws Exception {
        // given a session file written by an older GMP Lab (before statuses and places were typed), with the
        // world it showed, written down by that same build: each P's status, each G's status and place (its two
        // actions' safe point moved from 13601 to 13596 when steal rounds became one scheduling point each: the
        // same actions after the same event 402 give the same world)
        Path fixtures = Path.of("src/test/resources/sessions");
        List<String> saved = Files.readAllLines(fixtures.resolve("before-typed-snapshot.world.txt")).stream()
                .filter(l -> !l.startsWith("#")).toList();

        // when it is read and opened
        Session s = SessionFile.read(fixtures.resolve("before-typed-snapshot.gmpsession"));
        List<String> world = new java.util.ArrayList<>();
        try (History h = s.open()) {
            for (org.gmplab.snapshot.Snapshot.Proc p : h.snapshot().ps()) world.add("P" + p.id() + " " + p.status().go);
            for (org.gmplab.snapshot.Snapshot.G g : h.snapshot().gs()) world.add("G" + g.goid() + " " + g.status().go + " " + g.where().label());
        }

        // then it is the same world, place for place
        assertThat(s.actions()).hasSize(2);
        assertThat(world).containsExactlyElementsOf(saved);
    }

    private static void assertError(Path file, String what) {
        assertThatThrownBy(() -> SessionFile.read(file))
                .isInstanceOf(SessionException.class)
                .hasMessageMatching(java.util.regex.Pattern.quote(file.toString()) + "(:[0-9]+)?: .*")
                .hasMessageContaining(what)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"))
                .satisfies(e -> assertThat(e.getStackTrace()).isEmpty());
    }
}
