#include "core/model/types.h"

namespace ett::core {

namespace {

constexpr std::array<std::string_view, kCategoryCount> kCategoryNames = {
    "queue",
    "setup",
    "init",
    "checkpoint_load",
    "compile",
    "train",
    "checkpoint_save",
    "stall",
    "eval",
    "recovery",
    "shutdown",
    "background",
};

constexpr std::array<std::string_view, kBucketCount> kBucketNames = {
    "productive",
    "queue",
    "setup",
    "init",
    "checkpoint_load",
    "compile",
    "checkpoint_save",
    "lost_progress",
    "stall",
    "eval",
    "recovery",
    "shutdown",
    "idle",
};

constexpr std::array<std::string_view, kOutcomeCount> kOutcomeNames = {
    "completed",
    "failed",
    "preempted",
    "cancelled",
    "running",
};

constexpr std::array<std::string_view, 5> kSymptomNames = { "", "explicit", "hang", "degradation", "numeric" };

constexpr std::array<std::string_view, 4> kInterruptionNames = { "none", "failure", "preemption", "other" };

constexpr std::array<std::string_view, 7> kCauseClasses = {
    "infra",
    "preemption",
    "maintenance",
    "dependency",
    "user",
    "manual",
    "unknown",
};

} // namespace

std::string_view categoryName(Category c)
{
    return kCategoryNames[static_cast<size_t>(c)];
}
std::string_view bucketName(Bucket b)
{
    return kBucketNames[static_cast<size_t>(b)];
}
std::string_view outcomeName(Outcome o)
{
    return kOutcomeNames[static_cast<size_t>(o)];
}
std::string_view symptomName(Symptom s)
{
    return kSymptomNames[static_cast<size_t>(s)];
}
std::string_view interruptionName(Interruption i)
{
    return kInterruptionNames[static_cast<size_t>(i)];
}

std::optional<Category> parseCategory(std::string_view name)
{
    for (size_t i = 0; i < kCategoryNames.size(); ++i) {
        if (kCategoryNames[i] == name) {
            return static_cast<Category>(i);
        }
    }
    return std::nullopt;
}

std::optional<Outcome> parseOutcome(std::string_view name)
{
    for (size_t i = 0; i < kOutcomeNames.size(); ++i) {
        if (kOutcomeNames[i] == name) {
            return static_cast<Outcome>(i);
        }
    }
    return std::nullopt;
}

std::optional<Symptom> parseSymptom(std::string_view name)
{
    for (size_t i = 1; i < kSymptomNames.size(); ++i) {
        if (kSymptomNames[i] == name) {
            return static_cast<Symptom>(i);
        }
    }
    return std::nullopt;
}

std::string categoryList()
{
    std::string out;
    for (auto name : kCategoryNames) {
        if (!out.empty()) {
            out += ", ";
        }
        out += name;
    }
    return out;
}

std::optional<Bucket> bucketOfCategory(Category c)
{
    switch (c) {
    case Category::Queue:
        return Bucket::Queue;
    case Category::Setup:
        return Bucket::Setup;
    case Category::Init:
        return Bucket::Init;
    case Category::CheckpointLoad:
        return Bucket::CheckpointLoad;
    case Category::Compile:
        return Bucket::Compile;
    case Category::Train:
        return Bucket::Productive;
    case Category::CheckpointSave:
        return Bucket::CheckpointSave;
    case Category::Stall:
        return Bucket::Stall;
    case Category::Eval:
        return Bucket::Eval;
    case Category::Recovery:
        return Bucket::Recovery;
    case Category::Shutdown:
        return Bucket::Shutdown;
    case Category::Background:
        return std::nullopt;
    }
    return std::nullopt;
}

int categoryPriority(Category c)
{
    // Spec 5.2, highest first: recovery > queue > setup > checkpoint_load > init > compile >
    // checkpoint_save > stall > eval > shutdown > train.
    switch (c) {
    case Category::Recovery:
        return 10;
    case Category::Queue:
        return 9;
    case Category::Setup:
        return 8;
    case Category::CheckpointLoad:
        return 7;
    case Category::Init:
        return 6;
    case Category::Compile:
        return 5;
    case Category::CheckpointSave:
        return 4;
    case Category::Stall:
        return 3;
    case Category::Eval:
        return 2;
    case Category::Shutdown:
        return 1;
    case Category::Train:
        return 0;
    case Category::Background:
        return -1;
    }
    return -1;
}

std::string_view causeClass(std::string_view cause)
{
    auto dot = cause.find('.');
    return dot == std::string_view::npos ? cause : cause.substr(0, dot);
}

bool isValidCauseClass(std::string_view cls)
{
    for (auto c : kCauseClasses) {
        if (c == cls) {
            return true;
        }
    }
    return false;
}

Interruption classifyInterruption(Outcome outcome, std::string_view cause)
{
    // Spec 5.4. Only interrupted attempts (failed or preempted) count at all; a cause on a
    // completed, cancelled or running attempt is descriptive only.
    if (!isInterrupted(outcome)) {
        return Interruption::None;
    }
    const auto cls = causeClass(cause);
    if (outcome == Outcome::Preempted || cls == "preemption") {
        return Interruption::Preemption;
    }
    if (cls.empty() || cls == "infra" || cls == "dependency" || cls == "unknown") {
        return Interruption::Failure;
    }
    return Interruption::Other;
}

} // namespace ett::core
