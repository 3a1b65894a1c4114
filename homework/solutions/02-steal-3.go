// gmplab: name="homework 2, solution" gomaxprocs=2 seed=1 runqsize=256
//
// Reference solution of homework 2 (homework/02-steal-3.json): of 7 Gs, the newest sits in P0's
// runnext and 6 in its ring; P1's thief takes half of the ring, 3 (5 would do too: half
// of 5, rounded up).
package main

import "time"

func main() {
	for i := 0; i < 7; i++ {
		go func() {
			work(300 * time.Microsecond)
		}()
	}
	work(2 * time.Millisecond) // main keeps P0 busy: P1 must steal
}
