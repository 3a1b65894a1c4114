// gmplab: name="ten busy loops" gomaxprocs=4
//
// For WindowFpsBench in Play: main and nine goroutines each run an endless loop of arithmetic (not an empty
// `for {}`, which the compiler turns into one jump whose iterations are counted at once), so every event the
// window plays is millions of interpreted statements away from the one before. The window's steps run on the
// engine's threads; this shows whether the FX thread ever waits for them (docs/benchmarks.md, "Round 10").
package main

func spin() {
	x := 0
	for {
		x = x*3 + 1
	}
}

func main() {
	for i := 0; i < 9; i++ {
		go spin()
	}
	spin()
}
