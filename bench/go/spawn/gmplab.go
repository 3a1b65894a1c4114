// gmplab: name="spawn storm" gomaxprocs=2
//
// main.go beside this file, in GMP Lab's subset of Go: main starts 1,000,000 goroutines that only call
// wg.Done, and waits for them.
//go:build ignore

package main

import "sync"

func main() {
	n := 1000000
	var wg sync.WaitGroup
	wg.Add(n)
	for i := 0; i < n; i++ {
		go func() { wg.Done() }()
	}
	wg.Wait()
}
