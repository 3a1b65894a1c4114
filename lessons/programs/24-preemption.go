// gmplab: name="two loops without calls, then runtime.GOMAXPROCS(1)" gomaxprocs=2 seed=1 runqsize=256 runtimegoroutines=off
//
// Lesson 24: G2 and G3 each loop for 30 ms without calling a function (work), so only preemption can stop
// them; main computes 15 ms and then calls runtime.GOMAXPROCS(1), which stops the world.
package main

import (
	"runtime"
	"sync"
	"time"
)

var wg sync.WaitGroup

func spin() {
	work(30 * time.Millisecond) // a loop with no function call in it
	wg.Done()
}

func main() {
	wg.Add(2)
	go spin()
	go spin()
	work(15 * time.Millisecond)
	runtime.GOMAXPROCS(1) // stop the world, then resize
	wg.Wait()
}
