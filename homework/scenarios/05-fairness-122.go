// gmplab: name="homework 5: the fairness pull" gomaxprocs=1 seed=1 runqsize=256
//
// Homework 5 (homework/05-fairness-122.json). Edit this program until
//   java -jar target/gmplab.jar verify homework/
// says "ok   fairness-122".
package main

import (
	"runtime"
	"sync"
	"time"
)

func main() {
	var wg sync.WaitGroup
	wg.Add(201)
	go func() { // the yielder: runtime.Gosched puts it in the global queue
		runtime.Gosched()
		wg.Done()
	}()
	for i := 0; i < 200; i++ {
		go func() {
			work(100 * time.Microsecond)
			wg.Done()
		}()
	}
	wg.Wait()
}
