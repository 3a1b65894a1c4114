// gmplab: name="homework 1: fill the global queue" gomaxprocs=1 seed=1 runqsize=256
//
// Homework 1 (homework/01-global-129.json). Edit this program until
//   java -jar target/gmplab.jar verify homework/
// says "ok   global-129".
package main

import "time"

func main() {
	n := 200 // how many goroutines main creates
	for i := 0; i < n; i++ {
		go func() {
			work(10 * time.Microsecond)
		}()
	}
	work(time.Millisecond) // main keeps P0 busy while the queues fill
}
