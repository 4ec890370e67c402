#include "core/model/compare.h"

#include "core/model/names_text.h"
#include "core/model/timeutil.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <map>
#include <thread>
#include <tuple>

namespace ett::core {

namespace {

constexpr double kNsPerGpuDay = 86400.0 * 1e9;
constexpr double kNsPerHour = 3600.0 * 1e9;

// Splits `v` at each `sep` outside double quotes; the parts keep their quotes. nullopt when a
// quote is not closed.
std::optional<std::vector<std::string_view>> splitOutsideQuotes(std::string_view v, char sep)
{
    std::vector<std::string_view> out;
    bool quoted = false;
    size_t start = 0;
    for (size_t i = 0; i < v.size(); ++i) {
        if (v[i] == '"') {
            quoted = !quoted; // a doubled quote inside quotes toggles twice: still inside
        } else if (v[i] == sep && !quoted) {
            out.push_back(v.substr(start, i - start));
            start = i + 1;
        }
    }
    if (quoted) {
        return std::nullopt;
    }
    out.push_back(v.substr(start));
    return out;
}

// A value as written: trimmed, and when it is in double quotes, its content with "" as one quote
// (so that a label or an attribute value may hold ',', '|' or '='). nullopt when text follows
// the closing quote.
std::optional<std::string> unquoteValue(std::string_view raw)
{
    const std::string_view t = trimBlanks(raw);
    if (t.empty() || t.front() != '"') {
        return std::string(t);
    }
    std::string out;
    for (size_t i = 1; i < t.size(); ++i) {
        if (t[i] != '"') {
            out += t[i];
        } else if (i + 1 < t.size() && t[i + 1] == '"') {
            out += '"';
            ++i;
        } else {
            return i + 1 == t.size() ? std::optional<std::string>(out) : std::nullopt;
        }
    }
    return std::nullopt; // not closed (splitOutsideQuotes catches it first)
}

// The alternatives of a value ("a|b|\"c,d\""), unquoted. nullopt when a quote is misplaced.
std::optional<std::vector<std::string>> splitAlternatives(std::string_view v)
{
    auto parts = splitOutsideQuotes(v, '|');
    if (!parts) {
        return std::nullopt;
    }
    std::vector<std::string> out;
    for (const auto part : *parts) {
        auto value = unquoteValue(part);
        if (!value) {
            return std::nullopt;
        }
        out.push_back(std::move(*value));
    }
    return out;
}

// A value written so that parseCohortSpec reads it back: in double quotes when it holds a
// separator, a quote or blanks at its ends.
std::string quoteValue(const std::string& v)
{
    const bool plain = !v.empty() && v.find_first_of(",|\"=") == std::string::npos && trimBlanks(v) == v;
    if (plain) {
        return v;
    }
    std::string out = "\"";
    for (const char c : v) {
        out += c == '"' ? std::string("\"\"") : std::string(1, c);
    }
    return out + "\"";
}

std::optional<int64_t> parseCount(std::string_view s)
{
    int64_t v = 0;
    const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
    if (r.ec != std::errc() || r.ptr != s.data() + s.size() || v < 0) {
        return std::nullopt;
    }
    return v;
}

double toDouble(Wide w)
{
    return static_cast<double>(static_cast<long double>(w));
}

// The replicates' random numbers: wyrand (Wang Yi, 2019), a 64-bit counter put through one wide
// multiplication; its output passes BigCrush and PractRand, it needs one word of state, and it
// costs less a number than SplitMix64 (two multiplications), which the bootstrap used before.
struct WyRand
{
    static constexpr uint64_t kIncrement = 0xa0761d6478bd642fULL;
    uint64_t state;
    uint64_t operator()()
    {
        __extension__ typedef unsigned __int128 U128;
        state += kIncrement;
        const U128 t = static_cast<U128>(state) * (state ^ 0xe7037ed1a0b428dbULL);
        return static_cast<uint64_t>(t >> 64) ^ static_cast<uint64_t>(t);
    }
    // Skips n numbers: the state is a counter.
    void skip(uint64_t n) { state += n * kIncrement; }
};

// Draws in [0, n) by multiply-shift (deterministic on every platform, unlike
// std::uniform_int_distribution, whose algorithm the standard leaves open): two draws from each
// random word, its low half first, for n up to 2^32 (a bias under n / 2^32, 0.00005 at 200,000
// jobs); one draw a word beyond.
constexpr uint64_t kHalfWordDraws = uint64_t { 1 } << 32;

// How many random words n draws take.
uint64_t wordsFor(size_t n)
{
    return n <= kHalfWordDraws ? (n + 1) / 2 : n;
}

// One draw in [0, n) from half a random word (its 32 low bits), n at most 2^32; from a whole word.
size_t halfDraw(uint64_t half, size_t n)
{
    return static_cast<size_t>((half * n) >> 32);
}
size_t wordDraw(uint64_t word, size_t n)
{
    __extension__ typedef unsigned __int128 U128;
    return static_cast<size_t>((static_cast<U128>(word) * n) >> 64);
}

// A well-mixed seed per replicate (SplitMix64's mixing of seed and replicate), so that threads
// can take replicates in any order.
uint64_t replicateSeed(uint64_t seed, uint64_t r)
{
    uint64_t z = seed + 0x9E3779B97F4A7C15ULL * (r + 1);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

// Runs n draws of a cohort's jobs in their order, adding each drawn job to `sums` (sums.add(job)),
// and returns the sums. They travel by value, so that they stay in registers: sums reached
// through a reference or a capture live in memory, where each addition waits for the store of the
// one before (3x slower).
template <typename Sums> Sums drawInto(WyRand& random, size_t n, Sums sums)
{
    WyRand rng = random;
    if (n <= kHalfWordDraws) {
        size_t i = 0;
        for (; i + 2 <= n; i += 2) {
            const uint64_t word = rng();
            sums.add(halfDraw(word & 0xFFFFFFFFULL, n));
            sums.add(halfDraw(word >> 32, n));
        }
        if (i < n) {
            sums.add(halfDraw(rng() & 0xFFFFFFFFULL, n));
        }
    } else {
        for (size_t i = 0; i < n; ++i) {
            sums.add(wordDraw(rng(), n));
        }
    }
    random = rng;
    return sums;
}

// The sums of each weighting's numerators and denominators, from pairs packed `width` a job: a
// width known when compiled (one or both weightings, the usual ones) or any.
template <size_t Width> struct FixedSums
{
    const std::pair<double, double>* packed;
    std::array<double, Width> num {};
    std::array<double, Width> den {};
    void add(size_t job)
    {
        const std::pair<double, double>* p = packed + job * Width;
        for (size_t l = 0; l < Width; ++l) {
            num[l] += p[l].first;
            den[l] += p[l].second;
        }
    }
};
struct AnySums
{
    const std::pair<double, double>* packed;
    size_t width;
    double* num;
    double* den;
    void add(size_t job)
    {
        const std::pair<double, double>* p = packed + job * width;
        for (size_t l = 0; l < width; ++l) {
            num[l] += p[l].first;
            den[l] += p[l].second;
        }
    }
};

// Sums n draws of a cohort's jobs into num[l] and den[l], l < width, in the order of the draws.
void sumDraws(WyRand& rng, const std::pair<double, double>* packed, size_t n, size_t width, double* num, double* den)
{
    auto fixed = [&]<size_t Width>() {
        const auto sums = drawInto(rng, n, FixedSums<Width> { packed });
        std::copy(sums.num.begin(), sums.num.end(), num);
        std::copy(sums.den.begin(), sums.den.end(), den);
    };
    if (width == 1) {
        fixed.template operator()<1>();
    } else if (width == 2) {
        fixed.template operator()<2>();
    } else {
        std::fill(num, num + width, 0.0);
        std::fill(den, den + width, 0.0);
        drawInto(rng, n, AnySums { packed, width, num, den });
    }
}

// The jobs of each match value, each side's in start order (ties by key, then label): the order
// that pairs the n-th run of A with the n-th of B.
std::map<std::string, std::vector<const CohortJob*>> byMatch(const std::vector<CohortJob>& jobs)
{
    std::map<std::string, std::vector<const CohortJob*>> out;
    for (const auto& j : jobs) {
        out[j.match].push_back(&j);
    }
    for (auto& [value, runs] : out) {
        std::stable_sort(runs.begin(), runs.end(), [](const CohortJob* x, const CohortJob* y) {
            return std::tie(x->startNs, x->key, x->label) < std::tie(y->startNs, y->key, y->label);
        });
    }
    return out;
}

} // namespace

std::string formatPico(int64_t pico, bool withSign)
{
    const bool negative = pico < 0;
    const uint64_t v = negative ? static_cast<uint64_t>(-(pico + 1)) + 1 : static_cast<uint64_t>(pico);
    constexpr uint64_t kUnit = 1'000'000'000'000ULL;
    std::string frac = std::to_string(v % kUnit);
    frac.insert(0, 12 - frac.size(), '0');
    while (!frac.empty() && frac.back() == '0') {
        frac.pop_back();
    }
    return (negative ? "-" : (withSign ? "+" : "")) + std::to_string(v / kUnit) + (frac.empty() ? "" : "." + frac);
}

std::string CohortSpec::text(std::string_view separator) const
{
    std::string s;
    auto term = [&](const std::string& t) {
        if (!s.empty()) {
            s += separator;
        }
        s += t;
    };
    auto joined = [](const std::vector<std::string>& v) {
        std::string out;
        for (const auto& x : v) {
            out += (out.empty() ? "" : "|") + quoteValue(x);
        }
        return out;
    };
    if (!labels.empty()) {
        term("label=" + joined(labels));
    }
    for (const auto& [k, v] : attrs) {
        term(k + "=" + joined(v));
    }
    if (fromNs) {
        term("from=" + formatRfc3339(*fromNs));
    }
    if (toNs) {
        term("to=" + formatRfc3339(*toNs));
    }
    if (minGpus > 0) {
        term("gpus>=" + std::to_string(minGpus));
    }
    if (maxGpus != INT64_MAX) {
        term("gpus<=" + std::to_string(maxGpus));
    }
    return s.empty() ? std::string("all jobs") : s;
}

Status checkCohortNames(const CohortSpec& spec, const std::vector<std::string>& labels,
    const std::vector<std::string>& attrKeys, const std::string& what, const std::string& where)
{
    const std::string prefix = what.empty() ? std::string() : what + ": ";
    for (const auto& l : spec.labels) {
        if (std::find(labels.begin(), labels.end(), l) == labels.end()) {
            return Error { prefix + "no dataset label '" + l + "'" + (where.empty() ? "" : " in " + where)
                + " (labels: " + knownNames(labels) + ")" };
        }
    }
    for (const auto& [key, values] : spec.attrs) {
        if (std::find(attrKeys.begin(), attrKeys.end(), key) == attrKeys.end()) {
            return Error { prefix + "no job has the attribute '" + key + "' (attributes: " + knownNames(attrKeys)
                + "; or label, from, to, gpus)" };
        }
    }
    return Status::success();
}

const std::vector<std::string>* CohortSpec::attrValues(std::string_view key) const
{
    for (const auto& [k, values] : attrs) {
        if (k == key) {
            return &values;
        }
    }
    return nullptr;
}

void CohortSpec::setAttr(const std::string& key, std::vector<std::string> values)
{
    auto it = std::find_if(attrs.begin(), attrs.end(), [&](const auto& term) { return term.first >= key; });
    const bool present = it != attrs.end() && it->first == key;
    if (values.empty()) {
        if (present) {
            attrs.erase(it);
        }
    } else if (present) {
        it->second = std::move(values);
    } else {
        attrs.emplace(it, key, std::move(values));
    }
}

bool CohortSpec::addAttrValue(const std::string& key, const std::string& value)
{
    std::vector<std::string> values;
    if (const auto* current = attrValues(key)) {
        if (std::find(current->begin(), current->end(), value) != current->end()) {
            return false;
        }
        values = *current;
    }
    values.push_back(value);
    setAttr(key, std::move(values));
    return true;
}

bool CohortSpec::removeAttrValue(std::string_view key, std::string_view value)
{
    const auto* current = attrValues(key);
    if (!current || std::find(current->begin(), current->end(), value) == current->end()) {
        return false;
    }
    std::vector<std::string> values = *current;
    std::erase(values, value);
    setAttr(std::string(key), std::move(values));
    return true;
}

bool CohortSpec::removeLabel(std::string_view label)
{
    return std::erase(labels, label) > 0;
}

Result<CohortSpec> parseCohortSpec(std::string_view text, std::string_view what)
{
    CohortSpec spec;
    const std::string where = std::string(what) + " '" + std::string(text) + "'";
    if (trimBlanks(text).empty() || trimBlanks(text) == "all") {
        return spec;
    }
    const auto terms = splitOutsideQuotes(text, ',');
    if (!terms) {
        return Error { where
            + ": a double quote is not closed (a value in quotes may hold ',' and '|'; write \"\" for "
              "a quote inside)" };
    }
    for (const std::string_view raw : *terms) {
        const std::string_view t = trimBlanks(raw);
        if (t.empty()) {
            return Error { where + ": an empty term (two commas in a row?)" };
        }
        // gpus>=N, gpus<=N, gpus=N
        if (t.starts_with("gpus>=") || t.starts_with("gpus<=")) {
            auto n = parseCount(trimBlanks(t.substr(6)));
            if (!n) {
                return Error { where + ": term '" + std::string(t) + "': expected a whole number of GPUs" };
            }
            (t[4] == '>' ? spec.minGpus : spec.maxGpus) = *n;
            continue;
        }
        const size_t eq = t.find('=');
        if (eq == std::string_view::npos || eq == 0) {
            return Error { where + ": term '" + std::string(t)
                + "': expected key=value (label=..., from=..., to=..., gpus>=N, or an attribute such as team=ads)" };
        }
        const std::string key(trimBlanks(t.substr(0, eq)));
        const std::string_view value = trimBlanks(t.substr(eq + 1));
        if (value.empty()) {
            return Error { where + ": term '" + std::string(t) + "': the value is empty" };
        }
        auto alternatives = splitAlternatives(value);
        if (!alternatives) {
            return Error { where + ": term '" + std::string(t)
                + "': text after a closing quote (a quoted value ends at its quote; write \"\" for a quote inside)" };
        }
        if (key == "label") {
            for (auto& v : *alternatives) {
                spec.labels.push_back(std::move(v));
            }
        } else if (key == "from" || key == "to") {
            auto ns = parseUserTime(value);
            if (!ns) {
                return Error { where + ": term '" + std::string(t)
                    + "': expected a time: RFC 3339 (2025-06-01T00:00:00Z), a date (2025-06-01) or epoch seconds" };
            }
            (key == "from" ? spec.fromNs : spec.toNs) = *ns;
        } else if (key == "gpus") {
            auto n = parseCount(value);
            if (!n) {
                return Error { where + ": term '" + std::string(t) + "': expected a whole number of GPUs" };
            }
            spec.minGpus = spec.maxGpus = *n;
        } else {
            auto values = std::move(*alternatives);
            auto it = std::find_if(spec.attrs.begin(), spec.attrs.end(), [&](const auto& a) { return a.first == key; });
            if (it != spec.attrs.end()) {
                return Error { where + ": attribute '" + key + "' is given twice; write its values as one term (" + key
                    + "=a|b)" };
            }
            spec.attrs.emplace_back(key, std::move(values));
        }
    }
    if (spec.fromNs && spec.toNs && *spec.toNs <= *spec.fromNs) {
        return Error { where + ": 'to' (" + formatRfc3339(*spec.toNs) + ") is not after 'from' ("
            + formatRfc3339(*spec.fromNs) + ")" };
    }
    if (spec.maxGpus < spec.minGpus) {
        return Error { where + ": the GPU range is empty (gpus>=" + std::to_string(spec.minGpus)
            + " and gpus<=" + std::to_string(spec.maxGpus) + ")" };
    }
    return spec;
}

std::string spacedCohortText(std::string_view text)
{
    const auto spec = parseCohortSpec(text, "");
    return spec ? spec->text(", ") : std::string(text);
}

std::vector<int64_t> apportionShares(const std::array<Wide, kBucketCount>& buckets, Wide e2e)
{
    Wide total = 0;
    for (const Wide b : buckets) {
        total += b;
    }
    // The buckets partition E2E (spec 5); should a caller pass figures where they do not, the
    // shares are of the buckets' sum, so that they still add up to 100%.
    const Wide den = total == e2e ? e2e : total;
    if (den <= 0) {
        return {};
    }
    std::vector<int64_t> shares(kBucketCount, 0);
    std::vector<Wide> remainders(kBucketCount, 0);
    int64_t used = 0;
    for (size_t i = 0; i < buckets.size(); ++i) {
        const Wide scaled = buckets[i] * static_cast<Wide>(kPicoPercent);
        shares[i] = static_cast<int64_t>(scaled / den);
        used += shares[i];
        remainders[i] = scaled % den;
    }
    addLargestRemainders(shares, remainders, kPicoPercent - used);
    return shares;
}

std::optional<Bridge> bridgeOf(const std::array<Wide, kBucketCount>& bucketsA, Wide e2eA,
    const std::array<Wide, kBucketCount>& bucketsB, Wide e2eB)
{
    const auto a = apportionShares(bucketsA, e2eA);
    const auto b = apportionShares(bucketsB, e2eB);
    if (a.empty() || b.empty()) {
        return std::nullopt;
    }
    Bridge bridge;
    const auto productive = static_cast<size_t>(Bucket::Productive);
    bridge.ettAPico = a[productive];
    bridge.ettBPico = b[productive];
    for (size_t i = 0; i < a.size(); ++i) {
        if (i == productive) {
            continue;
        }
        // Less of E2E lost in a bucket is a gain of ETT: the step is A's share minus B's.
        bridge.steps.push_back(BridgeStep { static_cast<Bucket>(i), a[i] - b[i] });
    }
    return bridge;
}

const char* TtrBridge::partName(size_t part)
{
    static constexpr const char* kNames[kParts] = { "detect", "restart", "start-up" };
    return part < kParts ? kNames[part] : "";
}

namespace {

double meanSeconds(Wide sumNs, int64_t count)
{
    return count > 0 ? static_cast<double>(sumNs) / static_cast<double>(count) / 1e9 : 0.0;
}

Wide sumOf(const std::array<Wide, TtrBridge::kParts>& parts)
{
    return parts[0] + parts[1] + parts[2];
}

} // namespace

double TtrBridge::meanA(size_t part) const
{
    return part < kParts ? meanSeconds(sumA[part], recoveriesA) : 0.0;
}

double TtrBridge::meanB(size_t part) const
{
    return part < kParts ? meanSeconds(sumB[part], recoveriesB) : 0.0;
}

double TtrBridge::meanTotalA() const
{
    return meanSeconds(sumOf(sumA), recoveriesA);
}

double TtrBridge::meanTotalB() const
{
    return meanSeconds(sumOf(sumB), recoveriesB);
}

std::optional<TtrBridge> ttrBridgeOf(const Figures& a, const Figures& b)
{
    if (a.sampleCount(SampleList::Ttr) == 0 || b.sampleCount(SampleList::Ttr) == 0) {
        return std::nullopt;
    }
    TtrBridge out;
    out.recoveriesA = a.sampleCount(SampleList::Ttr);
    out.recoveriesB = b.sampleCount(SampleList::Ttr);
    auto sums = [](const Figures& f, std::array<Wide, TtrBridge::kParts>& into) {
        constexpr SampleList parts[TtrBridge::kParts]
            = { SampleList::TtrDetect, SampleList::TtrRestart, SampleList::TtrStartup };
        for (size_t p = 0; p < TtrBridge::kParts; ++p) {
            into[p] += f.sampleSum(parts[p]);
        }
    };
    sums(a, out.sumA);
    sums(b, out.sumB);
    return out;
}

std::optional<Interval> bootstrapDifference(const std::vector<std::pair<double, double>>& a,
    const std::vector<std::pair<double, double>>& b, uint64_t seed, int replicates, double confidence)
{
    return bootstrapDifferences({ a }, { b }, seed, replicates, confidence).front();
}

std::vector<std::optional<Interval>> bootstrapDifferences(const std::vector<RatioPairs>& a,
    const std::vector<RatioPairs>& b, uint64_t seed, int replicates, double confidence)
{
    const size_t weightings = std::min(a.size(), b.size());
    std::vector<std::optional<Interval>> out(weightings);
    auto hasTime = [](const RatioPairs& v) {
        return std::any_of(v.begin(), v.end(), [](const auto& p) { return p.second > 0; });
    };
    // The weightings that have an interval; the others stay nullopt.
    std::vector<size_t> live;
    for (size_t k = 0; k < weightings; ++k) {
        if (!a[k].empty() && !b[k].empty() && a[k].size() == a[0].size() && b[k].size() == b[0].size()
            && replicates >= 2 && hasTime(a[k]) && hasTime(b[k])) {
            live.push_back(k);
        }
    }
    if (live.empty()) {
        return out;
    }
    const size_t na = a[0].size();
    const size_t nb = b[0].size();
    std::vector<std::vector<double>> diffs(weightings, std::vector<double>(static_cast<size_t>(replicates), 0.0));
    // The live weightings' pairs of a cohort side by side per job: one draw reads one place instead
    // of one per weighting. The sums keep the order of the draws, so every figure is unchanged.
    const size_t width = live.size();
    auto pack = [&](const std::vector<RatioPairs>& cohort, size_t n) {
        RatioPairs packed(n * width);
        for (size_t i = 0; i < n; ++i) {
            for (size_t l = 0; l < width; ++l) {
                packed[i * width + l] = cohort[live[l]][i];
            }
        }
        return packed;
    };
    const RatioPairs packedA = pack(a, na);
    const RatioPairs packedB = pack(b, nb);
    // Each replicate draws A's jobs, then B's, from one stream of numbers. A thread takes its
    // replicates' A sides first and then their B sides (the stream skipped past A's draws), so that
    // one cohort's pairs stay in the core's cache instead of two taking turns: the same draws and
    // sums, faster.
    auto side
        = [&](size_t r, bool sideB, std::vector<double>& ratio, std::vector<double>& num, std::vector<double>& den) {
              WyRand rng { replicateSeed(seed, r) };
              if (sideB) {
                  rng.skip(wordsFor(na));
              }
              sumDraws(rng, (sideB ? packedB : packedA).data(), sideB ? nb : na, width, num.data(), den.data());
              for (size_t l = 0; l < live.size(); ++l) {
                  ratio[l] = den[l] > 0 ? num[l] / den[l] * 100.0 : 0.0;
              }
          };
    // Replicates first, first + step, ...: ratios of A kept until B's are known.
    auto replicatesFrom = [&](size_t first, size_t step) {
        std::vector<double> num(live.size());
        std::vector<double> den(live.size());
        std::vector<double> ratio(live.size());
        std::vector<double> ratiosA;
        for (size_t r = first; r < static_cast<size_t>(replicates); r += step) {
            side(r, false, ratio, num, den);
            ratiosA.insert(ratiosA.end(), ratio.begin(), ratio.end());
        }
        size_t at = 0;
        for (size_t r = first; r < static_cast<size_t>(replicates); r += step) {
            side(r, true, ratio, num, den);
            for (size_t l = 0; l < live.size(); ++l) {
                diffs[live[l]][r] = ratio[l] - ratiosA[at++];
            }
        }
    };
    const size_t threads = std::max<size_t>(1, std::min<size_t>(std::thread::hardware_concurrency(), 16));
    if ((na + nb) * static_cast<size_t>(replicates) < 2'000'000 || threads == 1) {
        replicatesFrom(0, 1);
    } else {
        std::vector<std::thread> pool;
        for (size_t t = 0; t < threads; ++t) {
            pool.emplace_back(replicatesFrom, t, threads);
        }
        for (auto& th : pool) {
            th.join();
        }
    }
    const double tail = (1.0 - confidence) / 2.0;
    const auto n = static_cast<double>(replicates);
    // Percentile interval: the replicates at ranks ceil(tail x R) and ceil((1 - tail) x R).
    const auto lowRank = static_cast<size_t>(std::max(1.0, std::ceil(tail * n - 1e-9)));
    const auto highRank = static_cast<size_t>(std::min(n, std::ceil((1.0 - tail) * n - 1e-9)));
    for (const size_t k : live) {
        std::sort(diffs[k].begin(), diffs[k].end());
        out[k] = Interval { diffs[k][lowRank - 1], diffs[k][highRank - 1] };
    }
    return out;
}

CohortIntervals bootstrapCohorts(const CohortInput& a, const CohortInput& b, const CompareOptions& options)
{
    // Bootstrap over jobs: each job contributes (productive, E2E), GPU- or time-weighted.
    auto pairs = [&](const CohortInput& in, bool gpu) {
        std::vector<std::pair<double, double>> v;
        v.reserve(in.jobs.size());
        for (const auto& j : in.jobs) {
            const auto& t = j.totals;
            v.emplace_back(toDouble(gpu ? t.productiveGpuNs : t.productiveNs), toDouble(gpu ? t.e2eGpuNs : t.e2eNs));
        }
        return v;
    };
    CohortIntervals out;
    if (a.total.jobs < kMinJobsForInterval || b.total.jobs < kMinJobsForInterval) {
        return out;
    }
    // Both weightings from the same replicates, in one pass.
    const auto ci = bootstrapDifferences({ pairs(a, true), pairs(a, false) }, { pairs(b, true), pairs(b, false) },
        options.seed, options.replicates, options.confidence);
    out.ci = ci[0];
    out.ciTime = ci[1];
    return out;
}

Comparison compareCohorts(
    const CohortInput& a, const CohortInput& b, const CompareOptions& options, const CohortIntervals* intervals)
{
    Comparison c;
    c.specA = a.spec;
    c.specB = b.spec;
    c.jobsA = a.total.jobs;
    c.jobsB = b.total.jobs;
    c.gpuDaysA = toDouble(a.total.e2eGpuNs) / kNsPerGpuDay;
    c.gpuDaysB = toDouble(b.total.e2eGpuNs) / kNsPerGpuDay;
    c.ettA = a.total.ettPercentGpu();
    c.ettB = b.total.ettPercentGpu();
    c.ettATime = a.total.ettPercentTime();
    c.ettBTime = b.total.ettPercentTime();
    if (c.ettA && c.ettB) {
        c.deltaPp = *c.ettB - *c.ettA;
    }
    if (c.ettATime && c.ettBTime) {
        c.deltaPpTime = *c.ettBTime - *c.ettATime;
    }
    c.seed = options.seed;
    c.replicates = options.replicates;
    c.confidence = options.confidence;

    // A cohort of a few jobs has no interval worth showing (1 job gave "-34.19 to -16.06 · B is
    // worse"): the change stands alone.
    c.tooFewJobs = c.jobsA < kMinJobsForInterval || c.jobsB < kMinJobsForInterval;
    const CohortIntervals ci = intervals ? *intervals : bootstrapCohorts(a, b, options);
    c.ci = ci.ci;
    c.ciTime = ci.ciTime;

    c.bridge = bridgeOf(a.total.bucketsGpuNs, a.total.e2eGpuNs, b.total.bucketsGpuNs, b.total.e2eGpuNs);
    c.bridgeTime = bridgeOf(a.total.bucketsNs, a.total.e2eNs, b.total.bucketsNs, b.total.e2eNs);
    c.ttrBridge = ttrBridgeOf(a.total, b.total);

    // Distributions: time to start, time to recover, then the named samples (A's order, then
    // names only B has).
    for (const auto& [name, list] :
        { std::pair { "time to start", SampleList::Tts }, std::pair { "time to recover", SampleList::Ttr },
            // Its split (spec 7.1), over the same recoveries.
            std::pair { "time to recover: detect", SampleList::TtrDetect },
            std::pair { "time to recover: restart", SampleList::TtrRestart },
            std::pair { "time to recover: start-up", SampleList::TtrStartup } }) {
        c.distributions.push_back({ name, a.total.sampleCount(list), b.total.sampleCount(list),
            a.total.samplePercentiles(list), b.total.samplePercentiles(list) });
    }
    std::vector<std::string> names;
    for (const auto* in : { &a, &b }) {
        for (const auto& d : in->durations) {
            if (std::find(names.begin(), names.end(), d.name) == names.end()) {
                names.push_back(d.name);
            }
        }
    }
    auto sample = [](const CohortInput& in, const std::string& name) -> DurationSample {
        for (const auto& d : in.durations) {
            if (d.name == name) {
                return d;
            }
        }
        return DurationSample { name, 0, {} };
    };
    for (const auto& name : names) {
        const auto sa = sample(a, name);
        const auto sb = sample(b, name);
        c.distributions.push_back({ name, sa.count, sb.count, sa.percentiles, sb.percentiles });
    }

    // Interruptions per 1,000 GPU-days, by cause class.
    std::map<std::string, CauseRate> rates;
    auto rate = [](int64_t count, double gpuDays) -> std::optional<double> {
        if (gpuDays <= 0) {
            return std::nullopt;
        }
        return static_cast<double>(count) / gpuDays * 1000.0;
    };
    for (const auto& x : a.causes) {
        auto& r = rates[x.causeClass];
        r.countFailuresA += x.failures;
        r.countPreemptionsA += x.preemptions;
    }
    for (const auto& x : b.causes) {
        auto& r = rates[x.causeClass];
        r.countFailuresB += x.failures;
        r.countPreemptionsB += x.preemptions;
    }
    for (auto& [cls, r] : rates) {
        if (r.countFailuresA + r.countFailuresB + r.countPreemptionsA + r.countPreemptionsB == 0) {
            continue;
        }
        r.causeClass = cls;
        r.failuresA = rate(r.countFailuresA, c.gpuDaysA);
        r.failuresB = rate(r.countFailuresB, c.gpuDaysB);
        r.preemptionsA = rate(r.countPreemptionsA, c.gpuDaysA);
        r.preemptionsB = rate(r.countPreemptionsB, c.gpuDaysB);
        c.causes.push_back(r);
    }

    // Matched jobs: one to one within each match value present in both cohorts (the n-th run of A
    // by start with the n-th of B); pairs with E2E on both sides are ranked.
    const auto ma = byMatch(a.jobs);
    const auto mb = byMatch(b.jobs);
    // Every ranked pair as a few numbers and pointers; only the listed ones become MatchedJobs
    // (strings and all) once ranked.
    struct Pair
    {
        const std::string* match;
        int32_t run;
        int32_t runsA;
        int32_t runsB;
        const CohortJob* ja;
        const CohortJob* jb;
        double ettA;
        double ettB;
        double deltaPp;
        double lostGpuHoursA;
        double lostGpuHoursB;
        double lostGpuHoursChange() const { return lostGpuHoursB - lostGpuHoursA; }
    };
    std::vector<Pair> matched;
    MatchSummary& counts = c.matching;
    for (const auto& [value, runsB] : mb) {
        if (!ma.count(value)) {
            counts.onlyB += static_cast<int64_t>(runsB.size());
        }
    }
    for (const auto& [value, runsA] : ma) {
        const auto it = mb.find(value);
        if (it == mb.end()) {
            counts.onlyA += static_cast<int64_t>(runsA.size());
            continue;
        }
        const auto& runsB = it->second;
        const size_t n = std::min(runsA.size(), runsB.size());
        counts.extraA += static_cast<int64_t>(runsA.size() - n);
        counts.extraB += static_cast<int64_t>(runsB.size() - n);
        counts.sharedValues += runsA.size() > 1 || runsB.size() > 1 ? 1 : 0;
        for (size_t k = 0; k < n; ++k) {
            const CohortJob& ja = *runsA[k];
            const CohortJob& jb = *runsB[k];
            const auto ea = ja.totals.ettPercentGpu();
            const auto eb = jb.totals.ettPercentGpu();
            if (!ea || !eb) {
                ++counts.pairsWithoutTime;
                continue;
            }
            matched.push_back(Pair { &value, static_cast<int32_t>(k + 1), static_cast<int32_t>(runsA.size()),
                static_cast<int32_t>(runsB.size()), &ja, &jb, *ea, *eb, *eb - *ea,
                toDouble(ja.totals.lostGpuNs()) / kNsPerHour, toDouble(jb.totals.lostGpuNs()) / kNsPerHour });
        }
    }
    counts.pairs = static_cast<int64_t>(matched.size());
    c.matchedJobs = static_cast<int64_t>(matched.size());
    std::vector<const Pair*> worse;
    std::vector<const Pair*> better;
    for (const auto& m : matched) {
        if (m.deltaPp < 0) {
            worse.push_back(&m);
        } else if (m.deltaPp != 0) {
            better.push_back(&m);
        }
    }
    // The most GPU-hours changed first (lost beyond A for regressions, saved for improvements),
    // then the larger change of ETT%, then the match: a total order (a match value's runs are
    // numbered), so the first topMatched are the same whichever way they are found.
    auto top = [&options](std::vector<const Pair*>& v, bool regressions) {
        const double sign = regressions ? 1.0 : -1.0;
        const auto listed = v.begin() + static_cast<std::ptrdiff_t>(std::min(v.size(), options.topMatched));
        std::partial_sort(v.begin(), listed, v.end(), [sign](const Pair* x, const Pair* y) {
            const double gx = sign * x->lostGpuHoursChange();
            const double gy = sign * y->lostGpuHoursChange();
            if (gx != gy) {
                return gx > gy;
            }
            if (x->deltaPp != y->deltaPp) {
                return sign * x->deltaPp < sign * y->deltaPp;
            }
            return std::tie(*x->match, x->run) < std::tie(*y->match, y->run);
        });
        std::vector<MatchedJob> out;
        for (auto it = v.begin(); it != listed; ++it) {
            const Pair& p = **it;
            MatchedJob m;
            m.match = *p.match;
            m.run = p.run;
            m.runsA = p.runsA;
            m.runsB = p.runsB;
            m.keyA = p.ja->key;
            m.keyB = p.jb->key;
            m.labelA = p.ja->label;
            m.labelB = p.jb->label;
            m.refA = p.ja->ref;
            m.refB = p.jb->ref;
            m.startA = p.ja->startNs;
            m.startB = p.jb->startNs;
            m.ettA = p.ettA;
            m.ettB = p.ettB;
            m.deltaPp = p.deltaPp;
            m.lostGpuHoursA = p.lostGpuHoursA;
            m.lostGpuHoursB = p.lostGpuHoursB;
            m.nameA = p.ja->name;
            m.nameB = p.jb->name;
            m.gpusA = p.ja->gpus;
            m.gpusB = p.jb->gpus;
            out.push_back(std::move(m));
        }
        return out;
    };
    c.regressions = top(worse, true);
    c.improvements = top(better, false);
    return c;
}

JobTotals::JobTotals(const Figures& f)
    : e2eNs(f.e2eNs)
    , e2eGpuNs(f.e2eGpuNs)
    , productiveNs(f.bucketsNs[static_cast<size_t>(Bucket::Productive)])
    , productiveGpuNs(f.bucketsGpuNs[static_cast<size_t>(Bucket::Productive)])
{
}

void sortCohortJobs(std::vector<CohortJob>& jobs)
{
    // Often in order already (a fleet source lists a label's jobs by key): then nothing moves.
    auto before
        = [](const CohortJob& a, const CohortJob& b) { return std::tie(a.key, a.label) < std::tie(b.key, b.label); };
    if (!std::is_sorted(jobs.begin(), jobs.end(), before)) {
        std::stable_sort(jobs.begin(), jobs.end(), before);
    }
}

} // namespace ett::core
