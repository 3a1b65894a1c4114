#!/bin/sh
# Regenerates the PNGs in screenshots/ headless (JavaFX on Monocle, software rendering; no display needed).
# Run from the repository root:  sh screenshots/make.sh
set -e
cd "$(dirname "$0")/.."
mvn -B -q package -DskipTests   # always: a stale jar would draw the old canvas
shot() { java -jar target/gmplab.jar screenshot "$@"; }
shot scenarios/spawn1000.json --gomaxprocs 4 --at 400 --theme light -o screenshots/overview-4p.png
shot scenarios/spawn1000.json --gomaxprocs 4 --at 60 --until-event STEAL --progress 0.5 --theme light -o screenshots/steal-mid-animation.png
shot scenarios/syscall.json --until-event HANDOFFP --theme light -o screenshots/syscall-handoff.png
shot scenarios/syscall.json --until-event HANDOFFP --progress 0.4 --theme light -o screenshots/handoff-mid-slide.png
shot scenarios/spawn1000.json --gomaxprocs 4 --until-event RUNQPUTSLOW --progress 0.6 --theme dark -o screenshots/overflow.png
shot scenarios/spawn1000.json --gomaxprocs 4 --at 400 --theme projector -o screenshots/projector.png
shot scenarios/spawn1000.json --gomaxprocs 4 --at 400 --theme dark -o screenshots/dark.png
shot scenarios/spawn1000.json --gomaxprocs 16 --at 2000 --theme light --size 1920x1080 -o screenshots/sixteen-ps.png
# The lesson player in Chinese: rendered by a test-side helper (the player is not part of the `screenshot` command).
mvn -B -q test -Dtest=LessonScreenshots -Dgmplab.lessonShot="$PWD/screenshots/lesson-zh.png"
# The whole window (canvas and controls) cannot be drawn by the canvas-only screenshot command: a TestFX
# test renders the scene under Monocle, and the picture is copied here.
mvn -B -q test -Dtest=WindowScreenshots -Dsurefire.failIfNoSpecifiedTests=false
cp target/screenshots/window-controls.png screenshots/window-controls.png
cp target/screenshots/window-zh.png screenshots/window-zh.png
# A lesson with its program beside the picture, in English and in Chinese (LessonProgramScreenshotTest).
mvn -B -q test -Dtest=LessonProgramScreenshotTest -Dsurefire.failIfNoSpecifiedTests=false
cp target/screenshots/lesson-program-en.png screenshots/lesson-program-en.png
cp target/screenshots/lesson-program-zh.png screenshots/lesson-program-zh.png
mvn -B -q test -Dtest=EditorScreenshots -Dsurefire.failIfNoSpecifiedTests=false
cp target/screenshots/editor-error.png screenshots/editor-error.png
# Presenter mode at 1280×720: a lesson's caption in English and Chinese, a steal's arc held after a step.
mvn -B -q test -Dtest=PresenterScreenshotTest -Dsurefire.failIfNoSpecifiedTests=false
cp target/screenshots/presenter-lesson.png target/screenshots/presenter-lesson-zh.png target/screenshots/presenter-steal.png screenshots/
# The window in live mode, paused (the same way, by LiveWindowScreenshots).
mvn -B -q test -Dtest=LiveWindowScreenshots -Dsurefire.failIfNoSpecifiedTests=false
cp target/screenshots/window-live-paused.png screenshots/window-live-paused.png
# A scenario beside the real Go run of the same program (spawn at 2 and 4 Ps, syscall at 2), by SideBySideTest.
mvn -B -q test -Dtest=SideBySideTest -Dsurefire.failIfNoSpecifiedTests=false
cp target/screenshots/side-spawn1000-p2.png target/screenshots/side-spawn1000-p4.png target/screenshots/side-syscall-p2.png screenshots/
# A moment of real scheddetail output in the window (queues as counts, the lines and the queue plot), by SchedTraceScreenshots.
mvn -B -q test -Dtest=SchedTraceScreenshots -Dsurefire.failIfNoSpecifiedTests=false
cp target/screenshots/schedtrace-moment.png screenshots/schedtrace-moment.png
# The real window on a real (virtual) display — GTK, software rendering, the app's own 150 ms glides — captured
# from the X screen a few pulses after a breakpoint stop and after a step back over a steal (WindowSeries).
# Needs Xvfb (xvfb-run) and GTK 3; skipped without them.
if command -v xvfb-run >/dev/null 2>&1; then
  mvn -B -q test-compile
  mkdir -p target/screenshots/xvfb
  xvfb-run -a -s "-screen 0 1280x800x24" java -Dprism.order=sw -cp target/gmplab.jar:target/test-classes \
      'org.gmplab.app.WindowSeries$Main' target/screenshots/xvfb
  cp target/screenshots/xvfb/xvfb-1-breakpoint-at-steal.png screenshots/window-xvfb-breakpoint.png
  cp target/screenshots/xvfb/xvfb-3-stepped-back-over-steal.png screenshots/window-xvfb-stepback.png
else
  echo "xvfb-run not found: the real-window series (window-xvfb-*.png) is left as it is" >&2
fi
