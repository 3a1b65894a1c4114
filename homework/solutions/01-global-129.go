// gmplab: name="homework 1, solution" gomaxprocs=1 seed=1 runqsize=256
//
// Reference solution of homework 1 (homework/01-global-129.json): 256 Gs fill the ring, one
// sits in runnext, and the 258th go statement kicks it out: runqputslow moves 256/2 + 1 = 129
// to the global queue.
package main

import "time"

func main() {
	n := 258 // how many goroutines main creates
	for i := 0; i < n; i++ {
		go func() {
			work(10 * time.Microsecond)
		}()
	}
	work(time.Millisecond) // main keeps P0 busy while the queues fill
}
