// Steps Box2D v3 through the six scenes of Profiles/ that come from Box2D's benchmark and the
// three rain scenes, built body for body as those JSON files build them (keep the two in step), and prints the median and
// p90 milliseconds per step as `dynamics bench` does: every step of the profile's count timed,
// no warm-up. Not part of the Swift package: compare.sh beside it builds and runs it.
//
// usage: box2d_bench [--threads N] [--rounds N] [--tsv] [scene…]
#define _GNU_SOURCE
#include <box2d/box2d.h>
#include <immintrin.h>
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

// ---- A spinning task pool: the calling thread is worker 0, the pool's threads 1 … N-1. ----

enum { slotCount = 4096, maxThreads = 8 };

typedef struct {
    b2TaskCallback* run;
    void* context;
    int itemCount, chunkSize, chunkCount;
    atomic_int claimed, completed;
} TaskSlot;

static TaskSlot slots[slotCount];
static atomic_long publishedTasks;
static long enqueuedTasks;
static atomic_bool stopping;
static int threadCount = 1;
static pthread_t threads[maxThreads];

static bool runOneChunk(long *oldest, long newest, int worker) {
    for (long i = *oldest; i < newest; i++) {
        TaskSlot* s = &slots[i % slotCount];
        if (atomic_load_explicit(&s->claimed, memory_order_relaxed) >= s->chunkCount) {
            if (i == *oldest) (*oldest)++;
            continue;
        }
        int c = atomic_fetch_add(&s->claimed, 1);
        if (c >= s->chunkCount) continue;
        int start = c * s->chunkSize;
        int end = start + s->chunkSize < s->itemCount ? start + s->chunkSize : s->itemCount;
        s->run(start, end, (uint32_t)worker, s->context);
        atomic_fetch_add_explicit(&s->completed, 1, memory_order_release);
        return true;
    }
    return false;
}

static void* poolThread(void* argument) {
    int worker = (int)(intptr_t)argument;
    long oldest = 0;
    while (!atomic_load_explicit(&stopping, memory_order_relaxed)) {
        long newest = atomic_load_explicit(&publishedTasks, memory_order_acquire);
        if (!runOneChunk(&oldest, newest, worker)) _mm_pause();
    }
    return NULL;
}

static void* enqueueTask(b2TaskCallback* task, int itemCount, int minRange, void* taskContext, void* userContext) {
    (void)userContext;
    if (minRange < 1) minRange = 1;
    int chunks = itemCount / minRange;
    if (chunks > threadCount) chunks = threadCount;
    if (chunks < 1) chunks = 1;
    // Even a single chunk goes to the pool: the solver enqueues one task per worker, and those
    // must run at the same time.
    if (itemCount == 0 || threadCount == 1) {
        task(0, itemCount, 0, taskContext);
        return NULL;
    }
    TaskSlot* s = &slots[enqueuedTasks % slotCount];
    s->run = task;
    s->context = taskContext;
    s->itemCount = itemCount;
    s->chunkCount = chunks;
    s->chunkSize = (itemCount + chunks - 1) / chunks;
    atomic_store_explicit(&s->claimed, 0, memory_order_relaxed);
    atomic_store_explicit(&s->completed, 0, memory_order_relaxed);
    enqueuedTasks++;
    atomic_store_explicit(&publishedTasks, enqueuedTasks, memory_order_release);
    return s;
}

static long mainOldest = 0;

static void finishTask(void* userTask, void* userContext) {
    (void)userContext;
    TaskSlot* s = userTask;
    while (atomic_load_explicit(&s->completed, memory_order_acquire) < s->chunkCount) {
        if (!runOneChunk(&mainOldest, enqueuedTasks, 0)) _mm_pause();
    }
}

static void startPool(int count) {
    threadCount = count;
    for (int i = 1; i < count; i++) pthread_create(&threads[i], NULL, poolThread, (void*)(intptr_t)i);
}

static void stopPool(void) {
    atomic_store(&stopping, true);
    for (int i = 1; i < threadCount; i++) pthread_join(threads[i], NULL);
}

// ---- Scenes, as Profiles/*.json build them. ----

typedef struct {
    const char* name;
    int steps;
    b2Vec2 gravity;
    bool sleep;
    void (*build)(b2WorldId world);
    // The junkyard's pusher: x = start + amplitude · sin(ω t), set as a velocity each step.
    bool hasPusher;
    // Rain: this many bodies, a hundredth of them per step, into a bin a hundredth as wide in
    // metres on each side; `warmup` untimed steps come first.
    int rainCount;
    int warmup;
} Scene;

static b2BodyId pusher;
static b2Vec2 pusherStart;
static b2BodyId pyramidTop;
// The large pyramid's boxes and where they started, for how far any of them moved sideways.
enum { largePyramidBoxes = 5050 };
static b2BodyId trackedBoxes[largePyramidBoxes];
static float trackedStartX[largePyramidBoxes];
static int trackedCount;
static bool tracking;

static b2BodyId makeBody(b2WorldId world, b2BodyType type, float x, float y) {
    b2BodyDef d = b2DefaultBodyDef();
    d.type = type;
    d.position = (b2Vec2){x, y};
    return b2CreateBody(world, &d);
}

static void addBox(b2BodyId body, float hw, float hh, b2Vec2 center, float density, float friction) {
    b2ShapeDef s = b2DefaultShapeDef();
    s.density = density;
    s.material.friction = friction;
    b2Polygon box = b2MakeOffsetBox(hw, hh, center, b2Rot_identity);
    b2CreatePolygonShape(body, &s, &box);
}

static void pyramid(b2WorldId world, int base, float x0, float y0) {
    for (int row = 0; row < base; row++) {
        int count = base - row;
        for (int i = 0; i < count; i++) {
            float x = x0 + ((float)i - (float)(count - 1) / 2);
            float y = y0 + 0.5f + (float)row;
            b2BodyId b = makeBody(world, b2_dynamicBody, x, y);
            addBox(b, 0.5f, 0.5f, b2Vec2_zero, 1, 0.6f);
            if (row == base - 1) pyramidTop = b;
            if (tracking && trackedCount < largePyramidBoxes) {
                trackedBoxes[trackedCount] = b;
                trackedStartX[trackedCount++] = x;
            }
        }
    }
}

static void buildLargePyramid(b2WorldId world) {
    b2BodyId ground = makeBody(world, b2_staticBody, 0, -1);
    addBox(ground, 100, 1, b2Vec2_zero, 1, 0.6f);
    tracking = true;
    pyramid(world, 100, 0, 0);
    tracking = false;
}

static void buildManyPyramids(b2WorldId world) {
    b2BodyId ground = makeBody(world, b2_staticBody, 0, 0);
    b2ShapeDef s = b2DefaultShapeDef();
    for (int k = 0; k < 20; k++) {
        b2Segment seg = {{-110, 11.0f * k}, {110, 11.0f * k}};
        b2CreateSegmentShape(ground, &s, &seg);
    }
    for (int r = 0; r < 20; r++)
        for (int c = 0; c < 20; c++) pyramid(world, 10, -104.5f + 11.0f * c, 11.0f * r);
}

static void buildJointGrid(b2WorldId world) {
    enum { n = 100 };
    static b2BodyId previous[n], column[n];
    b2ShapeDef s = b2DefaultShapeDef();
    s.filter.categoryBits = 2;
    s.filter.maskBits = ~(uint64_t)2;
    b2Circle circle = {{0, 0}, 0.4f};
    int firstStatic = n / 2 - 7 / 2;
    for (int k = 0; k < n; k++) {
        for (int i = 0; i < n; i++) {
            bool isStatic = i == 0 && k >= firstStatic && k < firstStatic + 7;
            b2BodyId b = makeBody(world, isStatic ? b2_staticBody : b2_dynamicBody, (float)k, -(float)i);
            b2CreateCircleShape(b, &s, &circle);
            if (i > 0) {
                b2RevoluteJointDef j = b2DefaultRevoluteJointDef();
                j.bodyIdA = column[i - 1];
                j.bodyIdB = b;
                j.localAnchorA = (b2Vec2){0, -0.5f};
                j.localAnchorB = (b2Vec2){0, 0.5f};
                b2CreateRevoluteJoint(world, &j);
            }
            if (k > 0 && !(isStatic && b2Body_GetType(previous[i]) == b2_staticBody)) {
                b2RevoluteJointDef j = b2DefaultRevoluteJointDef();
                j.bodyIdA = previous[i];
                j.bodyIdB = b;
                j.localAnchorA = (b2Vec2){0.5f, 0};
                j.localAnchorB = (b2Vec2){-0.5f, 0};
                b2CreateRevoluteJoint(world, &j);
            }
            column[i] = b;
        }
        memcpy(previous, column, sizeof column);
    }
}

static void buildSmash(b2WorldId world) {
    b2BodyDef d = b2DefaultBodyDef();
    d.type = b2_dynamicBody;
    d.position = (b2Vec2){-20, 0};
    d.linearVelocity = (b2Vec2){40, 0};
    b2BodyId hammer = b2CreateBody(world, &d);
    addBox(hammer, 4, 4, b2Vec2_zero, 8, 0.6f);
    for (int row = 0; row < 80; row++)
        for (int c = 0; c < 120; c++) {
            b2BodyDef g = b2DefaultBodyDef();
            g.type = b2_dynamicBody;
            g.position = (b2Vec2){30 + 0.4f * c, -16 + 0.4f * row};
            g.isAwake = false;
            b2BodyId b = b2CreateBody(world, &g);
            addBox(b, 0.2f, 0.2f, b2Vec2_zero, 1, 0.6f);
        }
}

static void buildTumbler(b2WorldId world) {
    b2BodyDef d = b2DefaultBodyDef();
    d.type = b2_kinematicBody;
    d.position = (b2Vec2){0, 10};
    d.angularVelocity = 0.43633232f;
    b2BodyId drum = b2CreateBody(world, &d);
    addBox(drum, 0.5f, 10, (b2Vec2){10, 0}, 1, 0.6f);
    addBox(drum, 0.5f, 10, (b2Vec2){-10, 0}, 1, 0.6f);
    addBox(drum, 10, 0.5f, (b2Vec2){0, 10}, 1, 0.6f);
    addBox(drum, 10, 0.5f, (b2Vec2){0, -10}, 1, 0.6f);
    for (int row = 0; row < 45; row++)
        for (int c = 0; c < 45; c++) {
            b2BodyId b = makeBody(world, b2_dynamicBody, -9 + 0.4f * c, 1 + 0.4f * row);
            addBox(b, 0.125f, 0.125f, b2Vec2_zero, 1, 0.6f);
        }
}

static void buildJunkyard(b2WorldId world) {
    b2BodyId bin = makeBody(world, b2_staticBody, 0, 0);
    for (int x = -80; x <= 80; x++) addBox(bin, 0.55f, 0.5f, (b2Vec2){(float)x, 0}, 1, 0.6f);
    for (int y = 1; y <= 50; y++) {
        addBox(bin, 0.5f, 0.55f, (b2Vec2){-80, (float)y}, 1, 0.6f);
        addBox(bin, 0.5f, 0.55f, (b2Vec2){80, (float)y}, 1, 0.6f);
    }
    pusher = makeBody(world, b2_kinematicBody, 0, 0);
    pusherStart = (b2Vec2){0, 0};
    addBox(pusher, 2, 4, (b2Vec2){0, 4}, 1, 0.6f);
    b2Vec2 points[5] = {{-0.184342f, -0.168873f}, {0.15211f, -0.1984f}, {0.25f, 0.0f},
                        {0.021856f, 0.249043f}, {-0.246178f, 0.043545f}};
    b2Hull hull = b2ComputeHull(points, 5);
    b2Polygon pentagon = b2MakePolygon(&hull, 0);
    b2ShapeDef s = b2DefaultShapeDef();
    for (int row = 0; row < 40; row++)
        for (int c = 0; c < 200; c++) {
            b2BodyId b = makeBody(world, b2_dynamicBody, -75 + 0.75f * c, 15 + (float)row);
            b2CreatePolygonShape(b, &s, &pentagon);
        }
}


// ---- Rain (Profiles/rain-*.json): SplitMix64 draws in the order Spawners.swift makes them. ----

typedef struct { uint64_t state; } SplitMix64;

static uint64_t nextRandom(SplitMix64* r) {
    r->state += 0x9E3779B97F4A7C15ull;
    uint64_t z = r->state;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static float unitRandom(SplitMix64* r) { return (float)(nextRandom(r) >> 40) / (float)(1 << 24); }

static void buildRainBin(b2WorldId world, float halfWidth) {
    b2BodyId bin = makeBody(world, b2_staticBody, 0, 0);
    b2ShapeDef s = b2DefaultShapeDef();
    b2Segment sides[3] = {{{-halfWidth, 30}, {-halfWidth, 0}}, {{-halfWidth, 0}, {halfWidth, 0}},
                          {{halfWidth, 0}, {halfWidth, 30}}};
    for (int k = 0; k < 3; k++) b2CreateSegmentShape(bin, &s, &sides[k]);
}

static void spawnRainBody(b2WorldId world, int index, SplitMix64* r, float halfWidth) {
    float lowerX = -(halfWidth - 1), upperX = halfWidth - 1;
    float x = lowerX + unitRandom(r) * (upperX - lowerX);
    float y = 22 + unitRandom(r) * 6;
    float size = 0.25f + unitRandom(r) * 0.25f;
    b2BodyDef d = b2DefaultBodyDef();
    d.type = b2_dynamicBody;
    d.position = (b2Vec2){x, y};
    d.rotation = b2MakeRot(unitRandom(r) * 6.2831855f);
    b2BodyId body = b2CreateBody(world, &d);
    b2ShapeDef s = b2DefaultShapeDef();
    if (index % 3 == 0) {
        b2Circle circle = {{0, 0}, 0.5f * size};
        b2CreateCircleShape(body, &s, &circle);
    } else if (index % 3 == 1) {
        b2Polygon box = b2MakeBox(0.5f * size, 0.35f * size);
        b2CreatePolygonShape(body, &s, &box);
    } else {
        int sides = 5 + (int)(unitRandom(r) * 3);
        b2Vec2 points[8];
        for (int k = 0; k < sides; k++) {
            double a = (double)k * 2 * 3.141592653589793 / (double)sides;
            points[k] = (b2Vec2){(float)cos(a) * 0.5f * size, (float)sin(a) * 0.5f * size};
        }
        b2Hull hull = b2ComputeHull(points, sides);
        b2Polygon polygon = b2MakePolygon(&hull, 0);
        b2CreatePolygonShape(body, &s, &polygon);
    }
}

static void buildNothing(b2WorldId world) { (void)world; }

static const Scene scenes[] = {
    {"large-pyramid", 500, {0, -10}, false, buildLargePyramid, false, 0, 0},
    {"many-pyramids", 200, {0, -10}, false, buildManyPyramids, false, 0, 0},
    {"joint-grid", 500, {0, -10}, false, buildJointGrid, false, 0, 0},
    {"smash", 300, {0, 0}, true, buildSmash, false, 0, 0},
    {"tumbler", 750, {0, -10}, true, buildTumbler, false, 0, 0},
    {"junkyard", 800, {0, -10}, true, buildJunkyard, true, 0, 0},
    {"rain-1k", 200, {0, -10}, true, buildNothing, false, 1000, 250},
    {"rain-10k", 200, {0, -10}, true, buildNothing, false, 10000, 250},
    {"rain-100k", 200, {0, -10}, true, buildNothing, false, 100000, 250},
};

// ---- Timing ----

static double nowMs(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec * 1e-6;
}

static int compareDoubles(const void* a, const void* b) {
    double x = *(const double*)a, y = *(const double*)b;
    return (x > y) - (x < y);
}

typedef struct { double median, p90; int bodies, contacts; float topDrop, topSideways, maxSideways; } Result;

static Result runScene(const Scene* scene) {
    b2WorldDef def = b2DefaultWorldDef();
    def.gravity = scene->gravity;
    def.enableSleep = scene->sleep;
    if (threadCount > 1) {
        def.workerCount = threadCount;
        def.enqueueTask = enqueueTask;
        def.finishTask = finishTask;
    }
    b2WorldId world = b2CreateWorld(&def);
    scene->build(world);
    float rainHalfWidth = (float)scene->rainCount / 100;
    int rainPerStep = scene->rainCount / 100, rainSpawned = 0;
    SplitMix64 random = {7};
    if (scene->rainCount > 0) buildRainBin(world, rainHalfWidth);
    b2Vec2 topStart = B2_IS_NON_NULL(pyramidTop) ? b2Body_GetPosition(pyramidTop) : b2Vec2_zero;
    const float dt = 1.0f / 60.0f;
    double* times = malloc(sizeof(double) * scene->steps);
    double time = 0;
    int contacts = 0;
    for (int k = -scene->warmup; k < scene->steps; k++) {
        double next = time + dt;
        for (int i = 0; i < rainPerStep && rainSpawned < scene->rainCount; i++, rainSpawned++)
            spawnRainBody(world, rainSpawned, &random, rainHalfWidth);
        if (scene->hasPusher) {
            float target = pusherStart.x + 60.0f * (float)sin(0.2 * next);
            b2Vec2 p = b2Body_GetPosition(pusher);
            b2Body_SetLinearVelocity(pusher, (b2Vec2){(target - p.x) / dt, (pusherStart.y - p.y) / dt});
        }
        if (k < 0) {
            b2World_Step(world, dt, 4);
            time = next;
            continue;
        }
        double t0 = nowMs();
        b2World_Step(world, dt, 4);
        times[k] = nowMs() - t0;
        time = next;
        b2Counters counters = b2World_GetCounters(world);
        if (counters.contactCount > contacts) contacts = counters.contactCount;
    }
    Result r = {0};
    r.bodies = b2World_GetCounters(world).bodyCount;
    r.contacts = contacts;
    if (B2_IS_NON_NULL(pyramidTop)) {
        b2Vec2 p = b2Body_GetPosition(pyramidTop);
        r.topDrop = topStart.y - p.y;
        r.topSideways = fabsf(p.x - topStart.x);
    }
    for (int i = 0; i < trackedCount; i++) {
        float dx = fabsf(b2Body_GetPosition(trackedBoxes[i]).x - trackedStartX[i]);
        if (dx > r.maxSideways) r.maxSideways = dx;
    }
    trackedCount = 0;
    qsort(times, scene->steps, sizeof(double), compareDoubles);
    r.median = times[scene->steps / 2];
    r.p90 = times[(int)(scene->steps * 0.9)];
    free(times);
    b2DestroyWorld(world);
    pyramidTop = b2_nullBodyId;
    return r;
}

int main(int argc, char** argv) {
    int threads = 1, rounds = 1;
    bool tsv = false;
    const char* only[16];
    int onlyCount = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--threads") && i + 1 < argc) threads = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--rounds") && i + 1 < argc) rounds = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--tsv")) tsv = true;
        else if (argv[i][0] == '-') {
            fprintf(stderr, "box2d_bench: unknown option %s (usage: box2d_bench [--threads N] [--rounds N] [--tsv] [scene...])\n", argv[i]);
            return 2;
        }
        else if (onlyCount < 16) only[onlyCount++] = argv[i];
    }
    if (threads < 1 || threads > maxThreads || rounds < 1) {
        fprintf(stderr, "box2d_bench: --threads must be 1...%d and --rounds at least 1\n", maxThreads);
        return 2;
    }
    for (int i = 0; i < onlyCount; i++) {
        bool known = false;
        for (size_t k = 0; k < sizeof scenes / sizeof scenes[0]; k++) known |= !strcmp(only[i], scenes[k].name);
        if (!known) {
            fprintf(stderr, "box2d_bench: unknown scene '%s' (large-pyramid, many-pyramids, joint-grid, smash, tumbler, junkyard, rain-1k, rain-10k, rain-100k)\n", only[i]);
            return 2;
        }
    }
    startPool(threads);
    b2Version v = b2GetVersion();
    if (!tsv) {
        printf("Box2D %d.%d.%d, %d thread(s), fastest of %d round(s) by median\n", v.major, v.minor, v.revision, threads, rounds);
        printf("%-14s %8s %9s %10s %10s\n", "scene", "bodies", "pairs", "median ms", "p90 ms");
    }
    for (size_t k = 0; k < sizeof scenes / sizeof scenes[0]; k++) {
        bool wanted = onlyCount == 0;
        for (int i = 0; i < onlyCount; i++) wanted |= !strcmp(only[i], scenes[k].name);
        if (!wanted) continue;
        Result best = {0};
        for (int r = 0; r < rounds; r++) {
            Result x = runScene(&scenes[k]);
            if (r == 0 || x.median < best.median) best = x;
        }
        bool isPyramid = !strcmp(scenes[k].name, "large-pyramid");
        if (tsv) {
            printf("%s\t%d\t%d\t%.4f\t%.4f", scenes[k].name, best.bodies, best.contacts, best.median, best.p90);
            if (isPyramid) printf("\t%.4f\t%.4f\t%.4f", best.topDrop, best.topSideways, best.maxSideways);
        } else {
            printf("%-14s %8d %9d %10.3f %10.3f", scenes[k].name, best.bodies, best.contacts, best.median, best.p90);
            if (isPyramid)
                printf("   top box: %.3f m down, %.3f m sideways; any box: %.3f m sideways at most",
                       best.topDrop, best.topSideways, best.maxSideways);
        }
        printf("\n");
        fflush(stdout);
    }
    stopPool();
    return 0;
}
