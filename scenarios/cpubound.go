// gmplab: name="4 CPU-bound goroutines" gomaxprocs=2
//
// (b) 4 long CPU-bound goroutines (no function calls in the hot loop, so only
// async preemption can stop them) + main sleeping.
//
// The reference program go-programs/b_cpubound/main.go in GMP Lab's subset of Go:
//   - burn's loop `for !stop.Load() { local++ }` is one work(2 * time.Second): CPU time with no
//     calls into the runtime, as long as the run, so only sysmon's preemption interrupts it;
//   - dropped, for lack of meaning here: the counts, the stop flag (atomics: goroutines share no
//     memory; the program ends when main returns, as in Go) and the RESULT lines (fmt).
package main

import "time"

func burn(id int) {
	work(2 * time.Second) // for !stop.Load() { local++; ... }
}

func main() {
	for i := 0; i < 4; i++ {
		go burn(i)
	}
	for s := 0; s < 4; s++ {
		time.Sleep(500 * time.Millisecond)
		// fmt.Fprintf(os.Stderr, "RESULT t=%dms counts=%v\n", (s+1)*500, snapshot())
	}
	// stop.Store(true)
	time.Sleep(10 * time.Millisecond)
}
