// Steps Box2D v3 through the six scenes of Profiles/ that come from Box2D's benchmark, the three
// rain scenes and the stiff pyramid of Profiles/stability/ (scenes.c), and prints the median and
// p90 milliseconds per step as `dynamics bench` does: every step of the profile's count timed,
// after the profile's untimed warm-up. Not part of the Swift package: compare.sh beside it builds
// and runs it.
//
// usage: box2d_bench [--threads N] [--rounds N] [--sub-steps N] [--contact-hertz H] [--tsv] [scene…]
// (--sub-steps and --contact-hertz replace every scene's own: for probing Box2D's settings.)
#define _GNU_SOURCE
#include "scenes.h"
#include "task_pool.h"

#include <box2d/box2d.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

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

typedef struct { double median, p90; int bodies, pairs; float topDrop, topSideways, maxSideways; } Result;

// --sub-steps and --contact-hertz: when above 0, they replace every scene's own.
static int subStepsOverride = 0;
static float contactHertzOverride = 0;

static Result runScene(const Scene* scene) {
    b2WorldDef def = b2DefaultWorldDef();
    def.gravity = scene->gravity;
    def.enableSleep = scene->sleep;
    float hertz = contactHertzOverride > 0 ? contactHertzOverride : scene->contactHertz;
    if (hertz > 0) def.contactHertz = hertz;
    const int subSteps = subStepsOverride > 0 ? subStepsOverride : scene->subSteps > 0 ? scene->subSteps : 4;
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
    b2Vec2 topStart = B2_IS_NON_NULL(sceneState.pyramidTop) ? b2Body_GetPosition(sceneState.pyramidTop) : b2Vec2_zero;
    const float dt = 1.0f / 60.0f;
    double* times = malloc(sizeof(double) * scene->steps);
    if (times == NULL) {
        fprintf(stderr, "box2d_bench: no memory for %d step times\n", scene->steps);
        exit(1);
    }
    double time = 0;
    int pairs = 0;
    for (int k = -scene->warmup; k < scene->steps; k++) {
        double next = time + dt;
        for (int i = 0; i < rainPerStep && rainSpawned < scene->rainCount; i++, rainSpawned++)
            spawnRainBody(world, rainSpawned, &random, rainHalfWidth);
        if (scene->hasPusher) {
            float target = sceneState.pusherStart.x + 60.0f * (float)sin(0.2 * next);
            b2Vec2 p = b2Body_GetPosition(sceneState.pusher);
            b2Body_SetLinearVelocity(sceneState.pusher, (b2Vec2){(target - p.x) / dt, (sceneState.pusherStart.y - p.y) / dt});
        }
        double t0 = nowMs();
        b2World_Step(world, dt, subSteps);
        double elapsed = nowMs() - t0;
        time = next;
        if (k < 0) continue;  // warm-up: untimed
        times[k] = elapsed;
        b2Counters counters = b2World_GetCounters(world);
        if (counters.contactCount > pairs) pairs = counters.contactCount;
    }
    Result r = {0};
    r.bodies = b2World_GetCounters(world).bodyCount;
    r.pairs = pairs;
    if (B2_IS_NON_NULL(sceneState.pyramidTop)) {
        b2Vec2 p = b2Body_GetPosition(sceneState.pyramidTop);
        r.topDrop = topStart.y - p.y;
        r.topSideways = fabsf(p.x - topStart.x);
    }
    for (int i = 0; i < sceneState.trackedCount; i++) {
        float dx = fabsf(b2Body_GetPosition(sceneState.trackedBoxes[i]).x - sceneState.trackedStartX[i]);
        if (dx > r.maxSideways) r.maxSideways = dx;
    }
    sceneState.trackedCount = 0;
    qsort(times, scene->steps, sizeof(double), compareDoubles);
    r.median = times[scene->steps / 2];
    r.p90 = times[(int)(scene->steps * 0.9)];
    free(times);
    b2DestroyWorld(world);
    sceneState.pyramidTop = b2_nullBodyId;
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
        else if (!strcmp(argv[i], "--sub-steps") && i + 1 < argc) subStepsOverride = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--contact-hertz") && i + 1 < argc) contactHertzOverride = (float)atof(argv[++i]);
        else if (!strcmp(argv[i], "--tsv")) tsv = true;
        else if (argv[i][0] == '-') {
            fprintf(stderr, "box2d_bench: unknown option %s (usage: box2d_bench [--threads N] [--rounds N] [--sub-steps N] [--contact-hertz H] [--tsv] [scene...])\n", argv[i]);
            return 2;
        }
        else if (onlyCount < 16) only[onlyCount++] = argv[i];
        else {
            fprintf(stderr, "box2d_bench: at most 16 scenes at once, got more\n");
            return 2;
        }
    }
    if (threads < 1 || threads > maxPoolThreads || rounds < 1) {
        fprintf(stderr, "box2d_bench: --threads must be 1...%d and --rounds at least 1\n", maxPoolThreads);
        return 2;
    }
    for (int i = 1; i < argc; i++) {
        // Given, each must be a number above 0 (atoi and atof read anything else as 0).
        if (!strcmp(argv[i], "--sub-steps") && subStepsOverride < 1) {
            fprintf(stderr, "box2d_bench: --sub-steps must be a whole number of at least 1\n");
            return 2;
        }
        if (!strcmp(argv[i], "--contact-hertz") && !(contactHertzOverride > 0)) {
            fprintf(stderr, "box2d_bench: --contact-hertz must be a number above 0\n");
            return 2;
        }
    }
    for (int i = 0; i < onlyCount; i++) {
        bool known = false;
        for (size_t k = 0; k < (size_t)sceneCount; k++) known |= !strcmp(only[i], scenes[k].name);
        if (!known) {
            fprintf(stderr, "box2d_bench: unknown scene '%s' (known:", only[i]);
            for (size_t k = 0; k < (size_t)sceneCount; k++) fprintf(stderr, " %s", scenes[k].name);
            fprintf(stderr, ")\n");
            return 2;
        }
    }
    startPool(threads);
    b2Version v = b2GetVersion();
    if (!tsv) {
        printf("Box2D %d.%d.%d, %d thread(s), fastest of %d round(s) by median\n", v.major, v.minor, v.revision, threads, rounds);
        printf("%-14s %8s %9s %10s %10s\n", "scene", "bodies", "pairs", "median ms", "p90 ms");
    }
    for (size_t k = 0; k < (size_t)sceneCount; k++) {
        bool wanted = onlyCount == 0;
        for (int i = 0; i < onlyCount; i++) wanted |= !strcmp(only[i], scenes[k].name);
        if (!wanted) continue;
        Result best = {0};
        for (int r = 0; r < rounds; r++) {
            Result x = runScene(&scenes[k]);
            if (r == 0 || x.median < best.median) best = x;
        }
        bool isPyramid = !strncmp(scenes[k].name, "large-pyramid", strlen("large-pyramid"));
        if (tsv) {
            printf("%s\t%d\t%d\t%.4f\t%.4f", scenes[k].name, best.bodies, best.pairs, best.median, best.p90);
            if (isPyramid) printf("\t%.4f\t%.4f\t%.4f", best.topDrop, best.topSideways, best.maxSideways);
        } else {
            printf("%-14s %8d %9d %10.3f %10.3f", scenes[k].name, best.bodies, best.pairs, best.median, best.p90);
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
