// trace_main.go: runs the scenario's main (renamed realMain) under runtime/trace, writing the trace to $TRACE_OUT.
package main

import (
	"os"
	"runtime/trace"
)

func main() {
	f, err := os.Create(os.Getenv("TRACE_OUT"))
	if err != nil {
		panic(err)
	}
	if err := trace.Start(f); err != nil {
		panic(err)
	}
	realMain()
	trace.Stop()
	f.Close()
}
