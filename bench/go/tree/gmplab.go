// gmplab: name="fan-out tree" gomaxprocs=2
//
// main.go beside this file, in GMP Lab's subset of Go: a binary tree of depth 20 (2,097,151 goroutines),
// each node starting its two children and not waiting for them.
//go:build ignore

package main

import "sync"

var wg sync.WaitGroup

func tree(d int) {
	if d > 0 {
		go tree(d - 1)
		go tree(d - 1)
	}
	wg.Done()
}

func main() {
	wg.Add(2097151)
	go tree(20)
	wg.Wait()
}
