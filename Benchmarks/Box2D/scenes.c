// The scenes of Profiles/ that box2d_bench builds, body for body as those JSON files build them
// (keep the two in step: compare.sh stops when the body counts differ).
#include "scenes.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

SceneState sceneState;

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
            if (row == base - 1) sceneState.pyramidTop = b;
            if (sceneState.tracking && sceneState.trackedCount < largePyramidBoxes) {
                sceneState.trackedBoxes[sceneState.trackedCount] = b;
                sceneState.trackedStartX[sceneState.trackedCount++] = x;
            }
        }
    }
}

static void buildLargePyramid(b2WorldId world) {
    b2BodyId ground = makeBody(world, b2_staticBody, 0, -1);
    addBox(ground, 100, 1, b2Vec2_zero, 1, 0.6f);
    sceneState.tracking = true;
    pyramid(world, 100, 0, 0);
    sceneState.tracking = false;
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
    sceneState.pusher = makeBody(world, b2_kinematicBody, 0, 0);
    sceneState.pusherStart = (b2Vec2){0, 0};
    addBox(sceneState.pusher, 2, 4, (b2Vec2){0, 4}, 1, 0.6f);
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


static uint64_t nextRandom(SplitMix64* r) {
    r->state += 0x9E3779B97F4A7C15ull;
    uint64_t z = r->state;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static float unitRandom(SplitMix64* r) { return (float)(nextRandom(r) >> 40) / (float)(1 << 24); }

void buildRainBin(b2WorldId world, float halfWidth) {
    b2BodyId bin = makeBody(world, b2_staticBody, 0, 0);
    b2ShapeDef s = b2DefaultShapeDef();
    b2Segment sides[3] = {{{-halfWidth, 30}, {-halfWidth, 0}}, {{-halfWidth, 0}, {halfWidth, 0}},
                          {{halfWidth, 0}, {halfWidth, 30}}};
    for (int k = 0; k < 3; k++) b2CreateSegmentShape(bin, &s, &sides[k]);
}

void spawnRainBody(b2WorldId world, int index, SplitMix64* r, float halfWidth) {
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

const Scene scenes[] = {
    {"large-pyramid", 500, {0, -10}, false, buildLargePyramid, false, 0, 0, 0, 0},
    // Profiles/stability/large-pyramid-stiff.json: the same pyramid with 8 sub-steps and 100 Hz.
    {"large-pyramid-stiff", 500, {0, -10}, false, buildLargePyramid, false, 0, 0, 8, 100},
    {"many-pyramids", 200, {0, -10}, false, buildManyPyramids, false, 0, 0, 0, 0},
    {"joint-grid", 500, {0, -10}, false, buildJointGrid, false, 0, 0, 0, 0},
    {"smash", 300, {0, 0}, true, buildSmash, false, 0, 0, 0, 0},
    {"tumbler", 750, {0, -10}, true, buildTumbler, false, 0, 0, 0, 0},
    {"junkyard", 800, {0, -10}, true, buildJunkyard, true, 0, 0, 0, 0},
    {"rain-1k", 200, {0, -10}, true, buildNothing, false, 1000, 250, 0, 0},
    {"rain-10k", 200, {0, -10}, true, buildNothing, false, 10000, 250, 0, 0},
    {"rain-100k", 200, {0, -10}, true, buildNothing, false, 100000, 250, 0, 0},
};

const int sceneCount = sizeof scenes / sizeof scenes[0];
