package org.gmplab.i18n;

import java.util.Map;

/** The lesson player's own labels, in both languages, by key. */
public final class LessonWords {
    private static final Map<String, Text> M = Map.ofEntries(
            Map.entry("lessons", new Text("Lessons", "课程")),
            Map.entry("language", new Text("Language", "语言")),
            Map.entry("next", new Text("Next ▶", "下一步 ▶")),
            Map.entry("back", new Text("◀ Back", "◀ 上一步")),
            Map.entry("step", new Text("Step %d of %d", "第 %d 步，共 %d 步")),
            Map.entry("minutes", new Text("%d min", "%d 分钟")),
            Map.entry("beginner", new Text("beginner", "入门")),
            Map.entry("intermediate", new Text("intermediate", "中级")),
            Map.entry("advanced", new Text("advanced", "高级")),
            Map.entry("deeper", new Text("Deeper", "深入一点")),
            Map.entry("checks", new Text("What the engine shows", "引擎显示的结果")),
            Map.entry("look", new Text("Look at:%s", "请看：%s")),
            Map.entry("predict", new Text("Predict before it runs:", "运行之前，先预测：")),
            Map.entry("right", new Text("Right!", "答对了！")),
            Map.entry("wrong", new Text("Not quite — the answer is: %s", "不对——正确答案是：%s")),
            Map.entry("answerFirst", new Text("Choose an answer to run the step.", "选择一个答案来运行这一步。")),
            Map.entry("try", new Text("Try it yourself", "自己试试")),
            Map.entry("tryStep", new Text("Step the engine", "单步运行引擎")),
            Map.entry("return", new Text("Return to the lesson", "回到课程")),
            Map.entry("tryHint", new Text("The engine is yours: step it freely. The lesson waits.",
                    "引擎交给你了：随意单步运行。课程会等你。")),
            Map.entry("tryControls", new Text("The controls are yours: step, play, inject, go back. The lesson waits.",
                    "控制栏交给你了：单步、播放、注入、回退都可以。课程会等你。")),
            Map.entry("driving", new Text("The lesson drives the canvas: → next, ← back, 1–4 answer, T try it yourself, Home restart",
                    "课程正在控制画面：→ 下一步，← 上一步，1–4 作答，T 自己试试，Home 从头开始")),
            Map.entry("teacher", new Text("Teacher notes", "教师备注")),
            Map.entry("teacherNote", new Text("For the teacher: %s", "给老师：%s")),
            Map.entry("noTeacher", new Text("No teacher note for this step.", "这一步没有教师备注。")),
            Map.entry("done", new Text("Lesson complete.", "课程完成。")),
            Map.entry("broken", new Text("cannot load: %s", "无法加载：%s")),
            Map.entry("none", new Text("no lessons in %s", "%s 中没有课程")),
            Map.entry("choose", new Text("Choose a lesson.", "请选择一节课程。")),
            Map.entry("goTo", new Text("Open a step: 08#3, work-stealing#3 — Enter", "打开某一步：08#3、work-stealing#3——按 Enter")),
            Map.entry("restart", new Text("⟲ Restart", "⟲ 从头开始")),
            Map.entry("resetProgress", new Text("Reset progress…", "清除学习进度…")),
            Map.entry("resetQuestion", new Text("Forget which lessons are complete and where you were? The language stays.",
                    "忘记已完成的课程和上次学到的位置吗？语言设置会保留。")),
            Map.entry("resetYes", new Text("Reset", "清除")),
            Map.entry("resetNo", new Text("Cancel", "取消")),
            Map.entry("score", new Text("Quizzes right at the first try: %d of %d.", "第一次就答对的测验：%d / %d。")),
            Map.entry("unanswered", new Text("(%d not answered: the lesson was opened past them)", "（%d 道未作答：课程是从它们之后打开的）")),
            Map.entry("allLessons", new Text("☰ All lessons", "☰ 全部课程")),
            Map.entry("stepFailed", new Text("This step did not go as the lesson says: %s", "这一步与课程描述不符：%s")));

    private LessonWords() {}

    /** The label {@code key} in {@code lang} (a format string when there are args). */
    public static String get(String key, Lang lang, Object... args) {
        Text t = M.get(key);
        if (t == null) throw new IllegalArgumentException("no message " + key);
        String s = t.in(lang);
        return args.length == 0 ? s : String.format(s, args);
    }
}
