// gmplab: name="homework 2: a thief" gomaxprocs=2 seed=1 runqsize=256
//
// Homework 2 (homework/02-steal-3.json). Edit this program until
//   java -jar target/gmplab.jar verify homework/
// says "ok   steal-3".
package main

import "time"

func main() {
	for i := 0; i < 3; i++ {
		go func() {
			work(300 * time.Microsecond)
		}()
	}
	work(2 * time.Millisecond) // main keeps P0 busy: P1 must steal
}
