// PDR-Bench files in their published shape, shared by the import, store and window tests (see
// pdrfixtures.h). Kept out of the test sources: moc cannot read raw string literals.
extern const char fixture0[] =
    R"({"userid": "u01", "name": "Mei", "age": 34, "occupation": "nurse", "hobbies": ["running"], "finance": {"risk": "low"}}
{"userid": "u02", "name": "Tom", "age": 61, "lifestyle": "retired", "new_field_nobody_documented": true}
)";
extern const char fixture1[] =
    R"({"id": 1, "task": "Plan a family budget for next year.", "language": "en", "userid": "u01"}
{"id": 2, "task": "Plan a family budget for next year.", "language": "en", "userid": "u02"}
{"id": 3, "task": "Compare two health insurance plans.", "language": "en", "userid": "u01", "setting": "task_context"}
)";
extern const char fixture2[] =
    R"({"id": 1, "task": "...", "userid": "u01", "personalization_weights": {"goal_alignment": 0.3, "content_alignment": 0.3, "presentation_fit": 0.2, "actionability_practicality": 0.2}, "quality_weights": {"depth_insight": 0.4, "logical_coherence": 0.3, "clarity_readability": 0.3}, "personalization_criterions": {"goal_alignment": [{"criterion": "Addresses the nurse's shift income", "explanation": "...", "weight": 0.6}, {"criterion": "Sets a savings goal", "explanation": "...", "weight": 0.4}], "presentation_fit": [{"criterion": "Uses a table", "explanation": "...", "weight": 1.0}]}, "quality_criterions": {"depth_insight": [{"criterion": "Explains trade-offs", "explanation": "...", "weight": 1.0}]}}
{"id": 2, "personalization_weights": {"goal_alignment": 0.5, "content_alignment": 0.4}, "personalization_criterions": {"goal_alignment": [{"criterion": "Plans for retirement income", "explanation": "...", "weight": 1.0}]}}
{"id": 99, "personalization_criterions": {}}
)";
extern const char fixture3[] = R"({"id": 1, "article": "# Budget\n\nFor a nurse working shifts ..."}
{"id": 2, "article": "# Budget\n\nFor a retiree ..."}
{"id": 42, "article": "no such query"}
{"id": 3, "article": "truncated
)";
extern const char fixture4[] = R"({"id": 1, "article": "cleaned"})";

namespace RubricateTest {
extern const char revisedCriteria[]
    = R"({"id": 1, "language": "en", "personalization_weights": {"goal_alignment": 0.6, "content_alignment": 0.4}, "personalization_criterions": {"goal_alignment": [{"criterion": "Addresses the nurse's shift income", "explanation": "...", "weight": 0.5}, {"criterion": "Plans for months with fewer shifts", "explanation": "...", "weight": 0.5}]}, "quality_weights": {"depth_insight": 1.0}, "quality_criterions": {"depth_insight": [{"criterion": "Explains trade-offs", "explanation": "...", "weight": 1.0}]}})";
extern const char revisionDroppingALabel[]
    = R"({"id": 2, "personalization_weights": {"goal_alignment": 1.0}, "personalization_criterions": {"goal_alignment": []}})";
extern const char chineseQuery[]
    = R"({"id": 1, "task": "为明年做一个家庭预算。", "language": "zh", "userid": "u01"})";
extern const char chineseCriteria[]
    = R"({"id": 1, "language": "zh", "quality_weights": {"depth_insight": 1.0}, "quality_criterions": {"depth_insight": [{"criterion": "深入", "weight": 1.0}]}})";
} // namespace RubricateTest
