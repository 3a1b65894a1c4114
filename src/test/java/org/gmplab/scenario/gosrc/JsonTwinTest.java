package org.gmplab.scenario.gosrc;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.gmplab.engine.Engine;
import org.gmplab.engine.Outcome;
import org.gmplab.scenario.Scenario;
import org.gmplab.scenario.ScenarioException;
import org.gmplab.scenario.ScenarioJson;
import org.gmplab.snapshot.Event;
import org.junit.jupiter.api.Test;

/**
 * Every hand-written JSON scenario in scenarios/ has a Go twin (test resources, twins/NAME.go): the
 * twin compiles to the same scenario, runs to the same events, and survives a round trip through JSON.
 */
class JsonTwinTest {

    private static List<String> jsonNames() throws IOException {
        try (Stream<Path> files = Files.list(Path.of("scenarios"))) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".json"))
                    .map(n -> n.substring(0, n.length() - ".json".length())).sorted().toList();
        }
    }

    private static Scenario twin(String name) throws IOException, ScenarioException {
        try (InputStream in = JsonTwinTest.class.getResourceAsStream("twins/" + name + ".go")) {
            assertThat(in).as("a Go twin for scenarios/%s.json", name).isNotNull();
            return GoSource.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), "twins/" + name + ".go");
        }
    }

    @Test
    void everyJsonScenarioHasAGoTwinThatCompilesToTheSameScenario() throws Exception {
        List<String> names = jsonNames();
        assertThat(names).contains("spawn1000", "fanout", "gosched", "cpubound", "pingpong", "select", "syscall");
        for (String name : names) {
            Scenario json = ScenarioJson.load(Path.of("scenarios", name + ".json"));
            assertThat(twin(name)).as(name).isEqualTo(json);
        }
    }

    @Test
    void twinsRunToIdenticalEventLists() throws Exception {
        for (String name : List.of("spawn1000", "fanout", "select", "pingpong", "sleep", "netpoll", "mutex", "gomaxprocs")) {
            List<Event> fromGo = run(twin(name));
            List<Event> fromJson = run(ScenarioJson.load(Path.of("scenarios", name + ".json")));
            assertThat(fromGo).as(name).hasSizeGreaterThan(10).isEqualTo(fromJson);
        }
    }

    @Test
    void compiledScenariosRoundTripThroughJson() throws Exception {
        for (String name : jsonNames()) {
            Scenario s = twin(name);
            assertThat(ScenarioJson.parse(ScenarioJson.toJson(s), name + ".json")).as(name).isEqualTo(s);
        }
        // A program using most of the language, as long as it needs no generated names.
        Scenario s = Go.scenario("""
                // gmplab: gomaxprocs=2 seed=9 runqsize=8 name="round trip"
                var wg sync.WaitGroup
                var mu sync.Mutex
                var results = make(chan int, 4)
                func worker(id int, d time.Duration, w *sync.WaitGroup, out chan<- int) {
                	defer w.Done()
                	if id%2 == 0 {
                		work(d)
                	} else {
                		syscall(d / 2)
                		netread(d)
                	}
                	mu.Lock()
                	out <- id * 10
                	mu.Unlock()
                }
                func main() {
                	runtime.GOMAXPROCS(3)
                	wg.Add(4)
                	for i := 0; i < 4; i++ {
                		go worker(i, time.Duration(i+1)*time.Millisecond, &wg, results)
                	}
                	wg.Wait()
                	sum := 0
                	for range 4 {
                		v := <-results
                		sum += v
                	}
                	k := 3
                	for k > 0 {
                		k--
                		time.Sleep(time.Microsecond)
                	}
                	select {
                	case results <- sum:
                	default:
                		runtime.Gosched()
                	}
                }
                """);
        assertThat(ScenarioJson.parse(ScenarioJson.toJson(s), "rt.json")).isEqualTo(s);
        assertThat(run(ScenarioJson.parse(ScenarioJson.toJson(s), "rt.json"))).isEqualTo(run(s));
    }

    static List<Event> run(Scenario s) {
        try (Engine e = Engine.step(s)) {
            e.run(Long.MAX_VALUE);
            List<Event> events = new ArrayList<>(e.drainEvents());
            assertThat(e.outcome()).as(s.name()).isNotNull();
            assertThat(e.outcome().kind()).as(s.name() + ": " + e.outcome().message()).isEqualTo(Outcome.Kind.EXITED);
            return events;
        }
    }
}
