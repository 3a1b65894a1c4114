package org.gmplab.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

import org.gmplab.engine.Engine;
import org.gmplab.scenario.ScenarioJson;
import org.gmplab.snapshot.Event;
import org.gmplab.snapshot.EventKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The Perfetto (Chrome trace-event) export, checked for the structure the Perfetto UI needs. */
class PerfettoTraceTest {

    static List<Event> events(String scenario) throws Exception {
        try (Engine e = Engine.step(ScenarioJson.load(Path.of("scenarios", scenario)))) {
            e.run(10_000_000_000L);
            return e.drainEvents();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"fanout.json", "syscall.json", "spawn1000.json", "netpoll.json", "gomaxprocs.json"})
    void traceIsWellFormed(String scenario) throws Exception {
        List<Event> evs = events(scenario);
        JsonObject root = JsonParser.parseString(PerfettoTrace.toJson(evs)).getAsJsonObject();

        // a traceEvents array of objects with known phases and integer pid/tid
        assertThat(root.has("traceEvents")).isTrue();
        JsonArray te = root.getAsJsonArray("traceEvents");
        assertThat(te.size()).isGreaterThan(2);
        Map<String, List<JsonObject>> byTrack = new HashMap<>();
        Set<String> named = new HashSet<>();
        int slices = 0;
        for (JsonElement el : te) {
            JsonObject o = el.getAsJsonObject();
            String ph = o.get("ph").getAsString();
            assertThat(ph).isIn("X", "i", "M", "s", "f");
            assertThat(o.get("pid").getAsJsonPrimitive().isNumber()).isTrue();
            assertThat(o.get("tid").getAsJsonPrimitive().isNumber()).isTrue();
            assertThat(o.get("name").getAsString()).isNotEmpty();
            String track = o.get("pid").getAsInt() + "/" + o.get("tid").getAsInt();
            if (ph.equals("M")) {
                if (o.get("name").getAsString().equals("thread_name")) named.add(track);
                continue;
            }
            assertThat(o.get("ts").getAsDouble()).isGreaterThanOrEqualTo(0);
            if (ph.equals("X")) {
                slices++;
                assertThat(o.get("dur").getAsDouble()).isGreaterThanOrEqualTo(0);
            } else if (ph.equals("i")) {
                assertThat(o.get("s").getAsString()).isIn("t", "p", "g");
            } else {   // a flow's end
                assertThat(o.get("cat").getAsString()).isEqualTo("cause");
                assertThat(o.get("id").getAsJsonPrimitive().isNumber()).isTrue();
            }
            byTrack.computeIfAbsent(track, k -> new ArrayList<>()).add(o);
        }
        assertThat(slices).isPositive();
        // every track with events has a name; ts never goes back on a track; slices on a track do not overlap
        assertThat(named).containsAll(byTrack.keySet());
        for (Map.Entry<String, List<JsonObject>> t : byTrack.entrySet()) {
            double lastTs = -1, sliceEnd = -1;
            for (JsonObject o : t.getValue()) {
                double ts = o.get("ts").getAsDouble();
                assertThat(ts).as("track %s", t.getKey()).isGreaterThanOrEqualTo(lastTs);
                lastTs = ts;
                if (o.get("ph").getAsString().equals("X")) {
                    assertThat(ts).as("slice overlap on track %s", t.getKey()).isGreaterThanOrEqualTo(sliceEnd - 1e-6);
                    sliceEnd = ts + o.get("dur").getAsDouble();
                }
            }
        }
    }

    @Test
    void goroutinesRunAsSlicesAndStealsAreInstants() throws Exception {
        List<Event> evs = events("fanout.json");
        long executes = evs.stream().filter(e -> e.kind() == EventKind.EXECUTE).count();
        long steals = evs.stream().filter(e -> e.kind() == EventKind.STEAL).count();
        List<java.util.Map<String, Object>> te = PerfettoTrace.build(evs);
        long mSlices = te.stream().filter(o -> "X".equals(o.get("ph")) && o.get("pid").equals(PerfettoTrace.PID_M)
                && "running".equals(o.get("cat"))).count();
        long stealInstants = te.stream().filter(o -> "i".equals(o.get("ph")) && "steal".equals(o.get("name"))).count();
        assertThat(mSlices).isEqualTo(executes);
        assertThat(stealInstants).isEqualTo(steals).isPositive();
    }

    /** runqsteal: a batch steal's flows lead to every G it took, not only to the one that ran at once. */
    @Test
    void flowsLeadFromEachStealToEveryGItTook() throws Exception {
        List<Event> evs = events("spawn1000.json");
        java.util.Map<Long, Event> bySeq = new HashMap<>();
        for (Event e : evs) bySeq.put(e.seq(), e);
        long stolenRuns = evs.stream().filter(e -> e.kind() == EventKind.EXECUTE && e.cause() >= 0
                && bySeq.containsKey(e.cause()) && bySeq.get(e.cause()).kind() == EventKind.STEAL).count();
        long steals = evs.stream().filter(e -> e.kind() == EventKind.STEAL).count();
        List<java.util.Map<String, Object>> te = PerfettoTrace.build(evs);
        List<java.util.Map<String, Object>> starts = te.stream()
                .filter(o -> "s".equals(o.get("ph")) && ((String) o.get("name")).endsWith("← steal")).toList();
        assertThat(starts).hasSize((int) stolenRuns);
        assertThat(stolenRuns).as("more Gs ran after a steal than there were steals").isGreaterThan(steals);
        // each flow that starts has its end, on the track of the M that ran the G
        for (java.util.Map<String, Object> s : starts)
            assertThat(te).anyMatch(o -> "f".equals(o.get("ph")) && o.get("id").equals(s.get("id")));
    }

    @Test
    void handoffsAreInstantsOnThePTrack() throws Exception {
        List<Event> evs = events("syscall.json");
        long handoffs = evs.stream().filter(e -> e.kind() == EventKind.HANDOFFP).count();
        assertThat(PerfettoTrace.build(evs).stream()
                .filter(o -> "handoffp".equals(o.get("name")) && o.get("pid").equals(PerfettoTrace.PID_P)).count()).isEqualTo(handoffs);
    }
}
